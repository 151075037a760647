#!/usr/bin/python3
"""Writes a small kernel-style CTF trace through babeltrace2's own writer (sink.ctf.fs).

usage: make-kernel-ctf.py OUT_DIR [--cpus N] [--switches N] [--seed N]

LTTng's kernel tracer needs kernel modules, which a container or CI machine does not
have; this writes what its scheduler events look like instead: one stream per CPU
(packet context `cpu_id`), `lttng_statedump_process_state` for every thread first, then
`sched_switch` (prev_comm, prev_tid, prev_prio, prev_state, next_comm, next_tid,
next_prio) and `sched_wakeup` (comm, tid, prio, target_cpu) with LTTng's field names
and types, from a seeded simulation of threads of two processes sharing the CPUs
(tid 0 is each CPU's idle task). Times are nanoseconds of a 1 GHz clock. Needs Debian's
python3-bt2 (Debian's own python3, where that package installs).
"""
import argparse
import random

import bt2

PROCESSES = {100: [100, 101, 102, 103], 200: [200, 201, 202]}


def simulate(cpus, switches, seed):
    """[(time_ns, cpu, event_name, fields)], each CPU's events in time order."""
    rng = random.Random(seed)
    comm = {0: 'swapper'}
    for pid, tids in PROCESSES.items():
        for tid in tids:
            comm[tid] = f'worker-{pid}' if tid == pid else f'worker-{pid}-{tid - pid}'
    events = []
    t = 1_000_000
    for pid, tids in PROCESSES.items():
        for tid in tids:
            t += 10
            events.append((t, 0, 'lttng_statedump_process_state',
                           {'tid': tid, 'vtid': tid, 'pid': pid, 'vpid': pid, 'ppid': 1, 'vppid': 1,
                            'name': comm[tid], 'type': 0, 'mode': 5, 'submode': 0, 'status': 2, 'cpu': 0}))
    running = [0] * cpus                      # each CPU starts in its idle task
    runnable = sorted(comm.keys() - {0})
    blocked = []
    clock = [t] * cpus
    for _ in range(switches):
        cpu = rng.randrange(cpus)
        clock[cpu] = max(clock) + rng.randrange(1, 5000)
        now = clock[cpu]
        if blocked and rng.random() < 0.4:  # a blocked thread is woken from this CPU
            tid = blocked.pop(rng.randrange(len(blocked)))
            runnable.append(tid)
            events.append((now, cpu, 'sched_wakeup',
                           {'comm': comm[tid], 'tid': tid, 'prio': 120, 'target_cpu': rng.randrange(cpus)}))
            now += rng.randrange(0, 3)  # sometimes at the same instant as the wakeup
            clock[cpu] = now
        prev = running[cpu]
        nxt = runnable.pop(rng.randrange(len(runnable))) if runnable else 0
        if prev == 0:
            state = 0
        else:
            state = 0 if rng.random() < 0.5 else 1  # preempted (runnable) or blocked
            (runnable if state == 0 else blocked).append(prev)
        running[cpu] = nxt
        events.append((now, cpu, 'sched_switch',
                       {'prev_comm': comm[prev], 'prev_tid': prev, 'prev_prio': 120, 'prev_state': state,
                        'next_comm': comm[nxt], 'next_tid': nxt, 'next_prio': 120}))
    return events


class _Iterator(bt2._UserMessageIterator):
    def __init__(self, config, port):
        self._messages = iter(port.user_data)

    def __next__(self):
        make = next(self._messages)
        return make(self)


@bt2.plugin_component_class
class KernelSource(bt2._UserSourceComponent, message_iterator_class=_Iterator):
    def __init__(self, config, params, obj):
        cpus, events = obj
        tc = self._create_trace_class()
        clock = self._create_clock_class(frequency=1_000_000_000, name='monotonic',
                                         offset=bt2.ClockClassOffset(0, 0), origin_is_unix_epoch=False)
        packet_context = tc.create_structure_field_class()
        packet_context.append_member('cpu_id', tc.create_unsigned_integer_field_class(32))
        sc = tc.create_stream_class(name='channel0', default_clock_class=clock, supports_packets=True,
                                    packets_have_beginning_default_clock_snapshot=True,
                                    packets_have_end_default_clock_snapshot=True,
                                    packet_context_field_class=packet_context)
        classes = {}

        def event_class(name, members):
            payload = tc.create_structure_field_class()
            for member, kind in members:
                if kind == 'string':
                    payload.append_member(member, tc.create_string_field_class())
                else:
                    payload.append_member(member, tc.create_signed_integer_field_class(kind))
            classes[name] = sc.create_event_class(name=name, payload_field_class=payload)

        event_class('sched_switch', [('prev_comm', 'string'), ('prev_tid', 32), ('prev_prio', 32),
                                     ('prev_state', 64), ('next_comm', 'string'), ('next_tid', 32),
                                     ('next_prio', 32)])
        event_class('sched_wakeup', [('comm', 'string'), ('tid', 32), ('prio', 32), ('target_cpu', 32)])
        event_class('lttng_statedump_process_state',
                    [('tid', 32), ('vtid', 32), ('pid', 32), ('vpid', 32), ('ppid', 32), ('vppid', 32),
                     ('name', 'string'), ('type', 32), ('mode', 32), ('submode', 32), ('status', 32),
                     ('cpu', 32)])
        trace = tc(environment={'hostname': 'sim', 'domain': 'kernel', 'tracer_name': 'lttng-modules'})
        for cpu in range(cpus):
            mine = [e for e in events if e[1] == cpu]
            stream = trace.create_stream(sc, name=f'channel0_{cpu}')
            begin = mine[0][0] if mine else 0
            end = mine[-1][0] if mine else 0
            state = {}

            def beginning(it, stream=stream, cpu=cpu, begin=begin, state=state):
                return it._create_stream_beginning_message(stream)

            def packet_beginning(it, stream=stream, cpu=cpu, begin=begin, state=state):
                packet = stream.create_packet()
                packet.context_field['cpu_id'] = cpu
                state['packet'] = packet
                return it._create_packet_beginning_message(packet, begin)

            def event(it, e, state=state):
                msg = it._create_event_message(classes[e[2]], state['packet'], e[0])
                for name, value in e[3].items():
                    msg.event.payload_field[name] = value
                return msg

            def packet_end(it, end=end, state=state):
                return it._create_packet_end_message(state['packet'], end)

            def stream_end(it, stream=stream):
                return it._create_stream_end_message(stream)

            makers = [beginning, packet_beginning]
            makers += [lambda it, e=e, event=event: event(it, e) for e in mine]
            makers += [packet_end, stream_end]
            self._add_output_port(f'cpu{cpu}', makers)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('out')
    ap.add_argument('--cpus', type=int, default=2)
    ap.add_argument('--switches', type=int, default=400)
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    events = simulate(args.cpus, args.switches, args.seed)
    graph = bt2.Graph()
    source = graph.add_component(KernelSource, 'kernel', obj=(args.cpus, events))
    sink = graph.add_component(bt2.find_plugin('ctf').sink_component_classes['fs'], 'writer',
                               params={'path': args.out, 'assume-single-trace': True})
    muxer = graph.add_component(bt2.find_plugin('utils').filter_component_classes['muxer'], 'muxer')
    for port in source.output_ports.values():
        graph.connect_ports(port, muxer.input_ports[list(muxer.input_ports)[-1]])
    graph.connect_ports(muxer.output_ports['out'], sink.input_ports['in'])
    graph.run()
    print(f'{args.out}: {len(events)} events on {args.cpus} CPUs')


if __name__ == '__main__':
    main()
