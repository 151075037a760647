#!/usr/bin/env python3
"""Opens damaged copies of every sample trace and reports which ones kill or freeze the reader.

usage: mutate-traces.py (--cli CHITRA_CLI | --gui CHITRA) [-n 300] [--seed 1] [--timeout 60]
                        [-j 1] [--samples sample_traces] [--out mutation-failures]
                        [--only SUBSTRING ...]

For each sample trace (every format: .pes, Chrome .json, .paje, .csv, .events, the Paraver
.prv/.pcf/.row triple, the OTF2 archive, the CTF directories) N damaged copies are made:
bit flips, changed bytes, a cut, a span inserted, deleted or duplicated (one to three of
them per copy). A trace of several files (a directory, the Paraver triple) has one of its
files damaged per copy, each file in turn. Copy K of a trace is the same for the same
--seed, so a failure is reproduced by running the same command again (--only narrows it).

Each copy is opened with a timeout:
  --cli PATH   PATH info COPY                                  (exit 0 or 3 expected)
  --gui PATH   QT_QPA_PLATFORM=offscreen PATH --open COPY --screenshot OUT.png
                                                               (exit 0, 2 or 3 expected)
A run ends in an exit code, a signal, or a hang (no end within --timeout; the process group
is killed). Copies that end in a signal, a hang or an unexpected exit code are kept in
--out/FORMAT/TRACE-K/ with `what.txt` (the damage, the command, its end and its stderr).
Prints one table row per format; exits 1 when any run ended in a signal or a hang.
"""
import argparse
import collections
import concurrent.futures
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class TraceSample:
    """One sample trace: the path to open, the files that make it, its format's name."""

    def __init__(self, name, fmt, root, files, open_path):
        self.name = name          # for messages and folder names
        self.format = fmt
        self.root = root          # a file, or the directory copied as a whole
        self.files = files        # paths relative to the copy's folder that may be damaged
        self.open_path = open_path  # relative to the copy's folder


def find_samples(folder):
    """Every trace of `folder`, by its name: files by extension, directories by content."""
    samples = []
    by_ext = {'.pes': 'pes', '.json': 'chrome', '.paje': 'paje', '.csv': 'csv', '.events': 'events'}
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        stem, ext = os.path.splitext(entry)
        if os.path.isfile(path) and ext in by_ext:
            samples.append(TraceSample(entry, by_ext[ext], path, [entry], entry))
        elif os.path.isfile(path) and ext == '.prv':
            triple = [stem + e for e in ('.prv', '.pcf', '.row') if os.path.exists(os.path.join(folder, stem + e))]
            samples.append(TraceSample(entry, 'paraver', path, triple, entry))
        elif os.path.isdir(path):
            files = []
            for base, _, names in os.walk(path):
                files += [os.path.relpath(os.path.join(base, n), folder) for n in names]
            files.sort()
            anchors = [f for f in files if f.endswith('.otf2') and os.path.dirname(f) == entry]
            if anchors:
                samples.append(TraceSample(entry, 'otf2', path, files, anchors[0]))
            elif any(os.path.basename(f) == 'metadata' for f in files):
                samples.append(TraceSample(entry, 'ctf', path, files, entry))
    return samples


def damage(data, rng):
    """`data` with one to three random kinds of damage; returns (bytes, description)."""
    data = bytearray(data)
    done = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(['bitflip', 'byte', 'truncate', 'insert', 'delete', 'duplicate'])
        n = len(data)
        if n == 0:
            kind = 'insert'
        if kind == 'bitflip':
            flips = rng.randint(1, 4)
            for _ in range(flips):
                at = rng.randrange(n)
                data[at] ^= 1 << rng.randrange(8)
            done.append(f'{flips} bit flips')
        elif kind == 'byte':
            at = rng.randrange(n)
            value = rng.choice([0, 0xff, 0x7f, 0x80, rng.randrange(256)])
            data[at] = value
            done.append(f'byte {at} = {value:#04x}')
        elif kind == 'truncate':
            at = rng.randrange(n)
            del data[at:]
            done.append(f'cut at byte {at}')
        elif kind == 'insert':
            at = rng.randrange(n + 1)
            span = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
            data[at:at] = span
            done.append(f'{len(span)} bytes inserted at {at}')
        elif kind == 'delete':
            at = rng.randrange(n)
            size = rng.randint(1, min(256, n - at))
            del data[at:at + size]
            done.append(f'{size} bytes deleted at {at}')
        else:
            at = rng.randrange(n)
            size = rng.randint(1, min(256, n - at))
            data[at:at] = data[at:at + size]
            done.append(f'{size} bytes at {at} duplicated')
    return bytes(data), ', '.join(done)


def make_copy(sample, k, seed, folder):
    """Copy K of `sample` in `folder`, damaged; returns (path to open, description)."""
    samples_dir = os.path.dirname(sample.root)
    if os.path.isdir(sample.root):
        shutil.copytree(sample.root, os.path.join(folder, sample.name))
    else:
        for f in sample.files:
            shutil.copy(os.path.join(samples_dir, f), os.path.join(folder, f))
    target = sample.files[k % len(sample.files)]
    rng = random.Random(f'{seed}:{sample.name}:{k}')
    with open(os.path.join(folder, target), 'rb') as f:
        data = f.read()
    damaged, how = damage(data, rng)
    with open(os.path.join(folder, target), 'wb') as f:
        f.write(damaged)
    return os.path.join(folder, sample.open_path), f'{target}: {how}'


def run(command, timeout):
    """(outcome, stderr): outcome is ('exit', code), ('signal', name) or ('hang', None)."""
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the reader and any process it started
        _, err = proc.communicate()
        return ('hang', None), err
    if proc.returncode < 0:
        return ('signal', signal.Signals(-proc.returncode).name), err
    return ('exit', proc.returncode), err


class Tally:
    """Outcomes per format, shared by the worker threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.runs = collections.Counter()
        self.exits = collections.defaultdict(collections.Counter)
        self.signals = collections.defaultdict(collections.Counter)
        self.hangs = collections.Counter()
        self.traces = collections.defaultdict(set)

    def add(self, sample, outcome):
        with self.lock:
            fmt = sample.format
            self.runs[fmt] += 1
            self.traces[fmt].add(sample.name)
            kind, value = outcome
            if kind == 'exit':
                self.exits[fmt][value] += 1
            elif kind == 'signal':
                self.signals[fmt][value] += 1
            else:
                self.hangs[fmt] += 1

    def table(self):
        rows = ['| format | traces | runs | exit codes | signals | hangs |',
                '| --- | ---: | ---: | --- | --- | ---: |']
        for fmt in sorted(self.runs):
            exits = ' '.join(f'{c}: {n}' for c, n in sorted(self.exits[fmt].items())) or '-'
            sigs = ' '.join(f'{s}: {n}' for s, n in sorted(self.signals[fmt].items())) or '0'
            rows.append(f'| {fmt} | {len(self.traces[fmt])} | {self.runs[fmt]} | {exits} | {sigs} | {self.hangs[fmt]} |')
        return '\n'.join(rows)

    def failed(self):
        return sum(self.hangs.values()) > 0 or any(self.signals.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    reader = parser.add_mutually_exclusive_group(required=True)
    reader.add_argument('--cli', help='chitra-cli to run `info COPY` with')
    reader.add_argument('--gui', help='chitra to run `--open COPY --screenshot OUT.png` with (offscreen)')
    parser.add_argument('-n', type=int, default=300, help='damaged copies per trace (default 300)')
    parser.add_argument('--seed', default='1', help='seed of the damage (default 1)')
    parser.add_argument('--timeout', type=float, default=60, help='seconds before a run counts as a hang')
    parser.add_argument('-j', '--jobs', type=int, default=1, help='runs at a time (default 1)')
    parser.add_argument('--samples', default=os.path.join(REPO, 'sample_traces'))
    parser.add_argument('--out', default='mutation-failures', help='folder for the failing copies')
    parser.add_argument('--only', nargs='*', default=[], help='only traces whose name holds one of these')
    args = parser.parse_args()

    samples = [s for s in find_samples(args.samples) if not args.only or any(o in s.name for o in args.only)]
    if not samples:
        sys.exit(f'mutate-traces.py: no sample traces in {args.samples}')
    tally = Tally()
    expected = {0, 3} if args.cli else {0, 2, 3}
    scratch = tempfile.mkdtemp(prefix='chitra-mutate-')
    # The workbench writes settings and recent lists: into a home of the run's own, not the user's.
    home = os.path.join(scratch, 'home')
    for sub in ('.config', '.local/share', '.local/state', '.cache'):
        os.makedirs(os.path.join(home, sub))
    os.environ.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, '.config'),
                      XDG_DATA_HOME=os.path.join(home, '.local/share'),
                      XDG_STATE_HOME=os.path.join(home, '.local/state'),
                      XDG_CACHE_HOME=os.path.join(home, '.cache'))

    def one(sample, k):
        folder = os.path.join(scratch, f'{sample.name}-{k}')
        os.makedirs(folder)
        try:
            path, how = make_copy(sample, k, args.seed, folder)
            if args.cli:
                command = [args.cli, 'info', path]
            else:
                command = [args.gui, '--open', path, '--screenshot', os.path.join(folder, 'shot.png')]
            started = time.monotonic()
            outcome, err = run(command, args.timeout)
            seconds = time.monotonic() - started
            tally.add(sample, outcome)
            if outcome[0] != 'exit' or outcome[1] not in expected:
                kept = os.path.join(args.out, sample.format, f'{sample.name}-{k}')
                shutil.rmtree(kept, ignore_errors=True)
                shutil.copytree(folder, kept)
                with open(os.path.join(kept, 'what.txt'), 'w') as f:
                    f.write(f'damage: {how}\ncommand: {" ".join(command)}\n'
                            f'end: {outcome[0]} {outcome[1]} after {seconds:.1f} s\n'
                            f'stderr:\n{err.decode(errors="replace")[-4000:]}\n')
                print(f'{sample.format} {sample.name} copy {k}: {outcome[0]} {outcome[1]} ({how})', flush=True)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            jobs = [pool.submit(one, s, k) for s in samples for k in range(args.n)]
            for job in jobs:
                job.result()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(tally.table())
    sys.exit(1 if tally.failed() else 0)


if __name__ == '__main__':
    main()
