"""`import chitra` (docs/python.md) checked against chitra-cli, run as a separate program
on the sample traces of every format: each function returns what the matching command
writes; records and changes hold what `convert` writes; the columns the core owns reach
NumPy without a copy and keep the trace alive; bad input raises TraceError with the
CLI's FILE:LINE: reason, wrong arguments TypeError or ValueError naming the argument;
a progress callback that raises stops the reading."""

import gc
import io
import json
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import chitra

SOURCE = os.environ.get("CHITRA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ["CHITRA_CLI"]
SAMPLES = os.path.join(SOURCE, "sample_traces")

# One sample of each format chitra-cli reads.
EACH_FORMAT = {
    "pes": "philosophers-n3-x100.pes",
    "otf2": "mpi-messages-r4/traces.otf2",
    "paje": "smpi-halo-r4.paje",
    "chrome": "node-trace-events.json",
    "ctf": "lttng-master-t4-n10",
    "paraver": "taskpool-w4-n300.prv",
    "csv": "philosophers-n4-x1000-m100.csv",
    "events": "philosophers-n3-x1000-m100.events",
}


def sample(name):
    return os.path.join(SAMPLES, name)


def cli(*args):
    run = subprocess.run([CLI, *map(str, args)], capture_output=True)
    assert run.returncode == 0, run.stderr.decode()
    return run.stdout


def cli_json(*args):
    return json.loads(cli(*args))


@pytest.fixture(scope="module", params=sorted(EACH_FORMAT))
def each(request):
    path = sample(EACH_FORMAT[request.param])
    return path, chitra.open(path)


def test_info_fit_lanes_and_suggest_are_the_clis(each):
    path, t = each
    assert t.info() == cli_json("info", path, "--components", "all", "--json")
    assert chitra.fit(t) == cli_json("fit", path, "--format", "json")
    assert chitra.suggest(t, top=3) == cli_json("suggest", path, "--top", "3", "--json")
    if len(t.lanes) > 1:
        assert chitra.lanes(t) == cli_json("lanes", path, "--format", "json")


def every_sample_trace():
    # Paraver's .pcf and .row go with its .prv; a .chitra file is a session.
    return sorted(n for n in os.listdir(SAMPLES) if not n.endswith((".pcf", ".row", ".chitra")))


@pytest.mark.parametrize("name", every_sample_trace())
def test_every_sample_trace_opens_as_info_lists_it(name):
    path = sample(name)
    assert chitra.open(path).info() == cli_json("info", path, "--components", "all", "--json")


def test_records_are_the_pes_convert_writes(each, tmp_path):
    path, t = each
    pes = tmp_path / "t.pes"
    cli("convert", path, "-o", pes)
    rows = [line.split() for line in pes.read_text().splitlines() if line and not line.startswith("#")]
    df = t.records()
    assert len(df) == len(rows)
    lanes = len(t.lanes)
    assert list(df.columns[: 1 + lanes])[0] == "time"
    assert np.array_equal(df["time"].to_numpy(), np.array([int(r[0]) for r in rows], dtype=np.int64))
    for k in range(lanes):
        column = df.iloc[:, 1 + k]
        assert isinstance(column.dtype, pd.CategoricalDtype)
        assert column.astype(str).tolist() == [r[1 + k] for r in rows]
    # Names that repeat get their lane number.
    assert len(set(df.columns)) == len(df.columns)


def test_changes_of_a_lane_follow_its_records(each):
    _, t = each
    for lane in range(1, len(t.lanes) + 1):
        changes = t.changes(lane)
        assert list(changes.columns) == ["time", "state", "depth"]
        assert (np.diff(changes["time"].to_numpy()) >= 0).all()
        assert isinstance(changes["state"].dtype, pd.CategoricalDtype)


def test_periodogram_is_the_clis(each):
    path, t = each
    for domain in ("time", "event"):
        freq, power = chitra.periodogram(t, domain=domain)
        table = np.loadtxt(io.BytesIO(cli("periodogram", path, "--domain", domain, "--format", "csv")),
                           delimiter=",", skiprows=1, usecols=(0, 1), ndmin=2)
        assert np.array_equal(freq, table[:, 0]) and np.array_equal(power, table[:, 1])


def test_profile_and_messages_are_the_clis_rows():
    path = sample("mpi-messages-r4/traces.otf2")
    t = chitra.open(path)
    expected = pd.read_csv(io.BytesIO(cli("profile", path, "--format", "csv")))
    pd.testing.assert_frame_equal(chitra.profile(t), expected)
    ranged = pd.read_csv(io.BytesIO(cli("profile", path, "--format", "csv", "--range", "1000:50000")))
    pd.testing.assert_frame_equal(chitra.profile(t, range=(1000, 50000)), ranged)
    messages = chitra.messages(t)
    pd.testing.assert_frame_equal(messages, pd.read_csv(io.BytesIO(cli("messages", path, "--format", "csv"))))
    assert len(messages) > 0


def test_a_pipeline_as_steps_or_as_a_file(tmp_path):
    path = sample("philosophers-n3-x100.pes")
    steps = [{"op": "project_components", "map": {"*": {"A1": "A", "A2": "A"}}, "drop": [3]}]
    pipeline = tmp_path / "p.json"
    pipeline.write_text(json.dumps({"pipeline": steps}))
    t = chitra.open(path)
    expected = cli_json("fit", path, "--pipeline", pipeline, "--format", "json")
    assert chitra.fit(t, pipeline=steps) == expected
    assert chitra.fit(t, pipeline=pipeline) == expected
    assert chitra.fit(t, pipeline=str(pipeline)) == expected


def test_lanes_pooled_are_fit_pool_lanes():
    path = sample("taskpool-w4-n1200/traces.otf2")
    workers = chitra.open(path, components="2,3,4,5")
    assert chitra.fit(workers, pool_lanes=True) == \
        cli_json("fit", path, "--components", "2,3,4,5", "--pool-lanes", "--format", "json")
    assert chitra.lanes(workers, group_distance=0.5, models=True) == \
        cli_json("lanes", path, "--components", "2,3,4,5", "--group-distance", "0.5", "--models", "--format", "json")


def test_validate_and_ensemble_are_the_clis(tmp_path):
    path = sample("philosophers-n2-x100.pes")
    t = chitra.open(path)
    model = chitra.fit(t)
    (tmp_path / "m.json").write_text(json.dumps(model))
    assert chitra.validate(t, model) == cli_json("validate", path, "--model", tmp_path / "m.json", "--json")
    runs = [sample(f"philosophers-n{n}-x100.pes") for n in (2, 3, 4)]
    assert chitra.ensemble(runs, params=["n=-n([0-9]+)-"]) == \
        cli_json("ensemble", "fit", *runs, "--param", "n=-n([0-9]+)-")


def test_columns_are_views_that_keep_the_trace_alive():
    times = chitra.open(sample("philosophers-n3-x1000.pes")).times
    states = chitra.open(sample("philosophers-n3-x1000.pes")).states
    gc.collect()
    assert not times.flags.owndata and not times.flags.writeable
    assert not states.flags.owndata
    assert times.dtype == np.int64 and len(times) == len(states)
    assert (np.diff(times) >= 0).all()  # still readable after its Trace went away
    with pytest.raises(ValueError):
        times[0] = 1
    # One lane: its categorical column is the state column, codes and names.
    single = chitra.open(sample("philosophers-n3-x1000-m100.events"))
    assert len(single.lanes) == 1
    frame = single.records()
    column = frame.iloc[:, 1]
    assert np.array_equal(column.cat.codes.to_numpy(), single.states)
    assert np.shares_memory(frame["time"].to_numpy(), single.times)  # the DataFrame's time is the trace's
    assert list(column.cat.categories) == single.state_names


def test_text_traces_take_their_options(tmp_path):
    csv = tmp_path / "t.csv"
    csv.write_text("when;who;what;load\n0;a;run;1.5\n10;b;wait;2\n25;a;stop;3\n")
    t = chitra.open(csv, time="when", state=["what"], field="load", delimiter=";", time_unit="us")
    assert t.info() == cli_json("info", csv, "--components", "all", "--time", "when", "--state", "what",
                                "--field", "load", "--delimiter", ";", "--time-unit", "us", "--json")
    df = t.records()
    assert df["time"].tolist() == [0, 10000, 25000]
    assert df["load"].tolist() == [1.5, 2.0, 3.0]


def test_bad_input_raises_trace_error_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.pes"
    bad.write_text("# chitra-pes 1\n0 A\n5\n")
    with pytest.raises(chitra.TraceError) as e:
        chitra.open(bad)
    assert str(e.value).startswith(f"{bad}:3: ")
    with pytest.raises(chitra.TraceError):
        chitra.open(tmp_path / "absent.pes")
    with pytest.raises(chitra.TraceError) as e:
        chitra.fit(chitra.open(sample("philosophers-n2-x100.pes")), pipeline=[{"op": "nonsense"}])
    assert "nonsense" in str(e.value)


def test_hostile_files_raise_trace_error_and_never_crash(tmp_path):
    import random

    rng = random.Random(5)
    files = {"pes": "philosophers-n2-x100.pes", "paje": "smpi-halo-r4.paje", "chrome": "node-trace-events.json",
             "csv": "philosophers-n4-x1000-m100.csv", "events": "philosophers-n3-x1000-m100.events"}
    for fmt, name in files.items():
        data = bytearray(open(sample(name), "rb").read()[:20000])
        for copy in range(15):
            damaged = bytearray(data)
            for _ in range(rng.randint(1, 8)):  # bytes flipped, cut or repeated
                at = rng.randrange(len(damaged))
                kind = rng.randrange(3)
                if kind == 0:
                    damaged[at] = rng.randrange(256)
                elif kind == 1:
                    del damaged[at:at + rng.randint(1, 200)]
                else:
                    damaged[at:at] = damaged[at:at + rng.randint(1, 200)]
            path = tmp_path / f"{fmt}-{copy}"
            path.write_bytes(bytes(damaged))
            try:
                t = chitra.open(path, format=fmt)
                t.records()
                chitra.fit(t)
            except chitra.TraceError as e:
                assert str(e).startswith(str(path)), str(e)


def test_wrong_arguments_name_the_argument():
    t = chitra.open(sample("philosophers-n2-x100.pes"))
    for call, kind, name in [
        (lambda: chitra.open(3), TypeError, "path"),
        (lambda: chitra.open(sample("philosophers-n2-x100.pes"), format="xml"), ValueError, "format"),
        (lambda: chitra.open(sample("philosophers-n2-x100.pes"), time_unit="h"), ValueError, "time_unit"),
        (lambda: chitra.fit("t"), TypeError, "t"),
        (lambda: chitra.fit(t, pipeline=3), TypeError, "pipeline"),
        (lambda: chitra.periodogram(t, domain="space"), ValueError, "domain"),
        (lambda: t.changes(0), ValueError, "lane"),
        (lambda: t.changes("1"), TypeError, "lane"),
        (lambda: chitra.profile(t, range=5), TypeError, "range"),
    ]:
        with pytest.raises(kind) as e:
            call()
        assert str(e.value).startswith(name + ":"), str(e.value)


def test_a_progress_callback_sees_the_reading_and_can_stop_it(tmp_path):
    # Two million rows: long enough to be reported on while they are read.
    big = tmp_path / "big.csv"
    with big.open("w") as f:
        f.write("time,state\n")
        f.write("".join(f"{i * 10},{'abc'[i % 3]}\n" for i in range(2_000_000)))
    seen = []
    assert len(chitra.open(big, progress=seen.append).times) == 2_000_000
    assert seen and seen == sorted(seen) and all(0 <= s <= 1 for s in seen)

    def interrupt(share):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        chitra.open(big, progress=interrupt)

    # Ctrl+C while it reads (SIGINT as the terminal sends it, here at the first report).
    import _thread

    with pytest.raises(KeyboardInterrupt):
        chitra.open(big, progress=lambda share: _thread.interrupt_main())
    assert len(chitra.open(big).times) == 2_000_000  # the stopped readings left nothing behind


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
