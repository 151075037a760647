"""Chitra's trace core from Python (docs/python.md).

Every format chitra-cli reads opens with :func:`open`; the functions below return what
the matching chitra-cli command writes (the command runs in this process, on the same
file read the same way), so that a notebook and a script agree to the last digit::

    import chitra
    t = chitra.open("sample_traces/mpi-messages-r4/traces.otf2")
    t.info()            # dict, as `chitra-cli info --json`
    df = t.records()    # pandas DataFrame: time, one categorical column per lane, fields
    chitra.fit(t)       # dict, as `chitra-cli fit --format json`
"""

import io as _io
import json as _json
import os as _os
import tempfile as _tempfile

from . import _chitra

__all__ = ["TraceError", "Trace", "open", "fit", "profile", "messages", "periodogram", "lanes",
           "validate", "suggest", "ensemble"]


class TraceError(Exception):
    """Bad input: the message is chitra-cli's `FILE:LINE: reason`."""


_chitra.set_trace_error(TraceError)

_FORMATS = ("pes", "ctrace", "otf2", "paje", "chrome", "ctf", "paraver", "csv", "events")
_TIME_UNITS = ("ns", "us", "ms", "s")


def _path(value, name):
    if not isinstance(value, (str, _os.PathLike)):
        raise TypeError(f"{name}: a path (str or os.PathLike) is expected, not {type(value).__name__}")
    return _os.fspath(value)


def _text(value, name):
    if not isinstance(value, str):
        raise TypeError(f"{name}: a str is expected, not {type(value).__name__}")
    return value


def _run(args):
    """chitra-cli ARGS in this process: its stdout; TraceError or ValueError on failure."""
    status, out, err = _chitra.run_cli([str(a) for a in args])
    if status == 3:
        raise TraceError(err.strip())
    if status != 0:
        raise ValueError(err.strip() or f"chitra-cli {args[0]}: exit status {status}")
    return out


class _Pipeline:
    """A `pipeline` argument as a file: a path as it is, a list of steps written to a
    temporary pipeline file (docs/pipeline.md) removed afterwards."""

    def __init__(self, pipeline):
        self.path = None
        self._temporary = None
        if pipeline is None:
            return
        if isinstance(pipeline, (str, _os.PathLike)):
            self.path = _os.fspath(pipeline)
            return
        if isinstance(pipeline, dict) and "pipeline" in pipeline:
            steps = pipeline["pipeline"]
        elif isinstance(pipeline, (list, tuple)):
            steps = list(pipeline)
        else:
            raise TypeError("pipeline: a path, or a list of steps as in a pipeline file, is expected, "
                            f"not {type(pipeline).__name__}")
        if not all(isinstance(s, dict) for s in steps):
            raise TypeError("pipeline: every step is a dict such as {'op': 'aggregate', ...}")
        handle, self._temporary = _tempfile.mkstemp(prefix="chitra-pipeline-", suffix=".json")
        with _os.fdopen(handle, "w") as f:
            _json.dump({"pipeline": steps}, f)
        self.path = self._temporary

    def args(self):
        return ["--pipeline", self.path] if self.path else []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._temporary:
            _os.unlink(self._temporary)


class Trace:
    """A trace read into memory by :func:`open`."""

    def __init__(self, path, options, handle):
        self.path = path
        self._options = options  # chitra-cli's reading options, for the commands
        self._handle = handle

    def __repr__(self):
        return f"<chitra.Trace {self.path!r}: {len(self.times)} records, {len(self.lanes)} lanes>"

    @property
    def lanes(self):
        """The lane names, in lane order."""
        return list(self._handle.lane_names)

    @property
    def times(self):
        """The record times (ns from the origin for a foreign trace, the trace's unit for a
        PES), a read-only NumPy view of the trace's own column."""
        return self._handle.times()

    @property
    def states(self):
        """The records' state codes (into :attr:`state_names`), a read-only NumPy view."""
        return self._handle.states()

    @property
    def state_names(self):
        return self._handle.state_names()

    def _args(self):
        return [self.path] + self._options

    def info(self):
        """The document `chitra-cli info --json` writes of this trace."""
        return _json.loads(_run(["info"] + self._args() + ["--json"]))

    def records(self):
        """A pandas DataFrame: `time`, then one categorical column per lane in lane order
        (named as the lane, ` (K)` appended where names repeat), then the fields."""
        import pandas as pd

        names = self.lanes
        if len(names) != self._handle.components:  # a trace whose states are not its lanes'
            names = [f"component {k + 1}" for k in range(self._handle.components)]
        columns = {"time": self.times}
        for k, name in enumerate(names):
            if names.count(name) > 1:
                name = f"{name} ({k + 1})"
            codes, categories = self._handle.lane_states(k)
            columns[name] = pd.Categorical.from_codes(codes, categories=categories)
        for k, field in enumerate(self._handle.field_names()):
            columns[field] = self._handle.field(k)
        return pd.DataFrame(columns, copy=False)

    def changes(self, lane):
        """A pandas DataFrame of lane `lane` (1-based): `time`, `state` (categorical), `depth`."""
        import pandas as pd

        if isinstance(lane, bool) or not isinstance(lane, int):
            raise TypeError(f"lane: a 1-based lane number (int) is expected, not {type(lane).__name__}")
        if not 1 <= lane <= len(self.lanes):
            raise ValueError(f"lane: {lane} is not a lane of this trace (1 to {len(self.lanes)})")
        times, states, depths, names = self._handle.changes(lane - 1)
        return pd.DataFrame({"time": times, "state": pd.Categorical.from_codes(states, categories=names),
                             "depth": depths})


def open(path, format=None, components="all", *, fields=None, time=None, state=None, field=None,
         delimiter=None, time_unit=None, progress=None):
    """Reads a trace of any format chitra-cli reads, now; bad input raises TraceError.

    `format`: the `--from` name (default: detected by content); `components`: which lanes
    of a foreign trace (`all`, `1,3,worker` or `/REGEX/`); `fields`: CTF payload fields as
    data fields; `time`, `state`, `field`, `delimiter`, `time_unit`: a text trace's
    columns (docs/formats.md). `progress(share)` is called now and then while it reads.
    Ctrl+C stops the reading (KeyboardInterrupt)."""
    path = _path(path, "path")
    options = []
    if format is not None:
        if _text(format, "format") not in _FORMATS:
            raise ValueError(f"format: {format!r} is not one of {', '.join(_FORMATS)}")
        options += ["--from", format]
    options += ["--components", _text(components, "components")]
    if fields is not None:
        options += ["--fields", _text(fields, "fields")]
    if time is not None:
        options += ["--time", str(time)]
    if state is not None:
        states = state if isinstance(state, (list, tuple)) else [state]
        options += ["--state", ",".join(str(s) for s in states)]
    if field is not None:
        for f in (field if isinstance(field, (list, tuple)) else [field]):
            options += ["--field", str(f)]
    if delimiter is not None:
        options += ["--delimiter", _text(delimiter, "delimiter")]
    if time_unit is not None:
        if _text(time_unit, "time_unit") not in _TIME_UNITS:
            raise ValueError(f"time_unit: {time_unit!r} is not one of {', '.join(_TIME_UNITS)}")
        options += ["--time-unit", time_unit]
    if progress is not None and not callable(progress):
        raise TypeError("progress: a callable taking the share read (0 to 1) is expected")
    return Trace(path, options, _chitra.open(path, options, progress))


def _trace(t):
    if not isinstance(t, Trace):
        raise TypeError(f"t: a chitra.Trace (from chitra.open) is expected, not {type(t).__name__}")
    return t


def _range(value):
    if value is None:
        return []
    if isinstance(value, str):
        return ["--range", value]
    try:
        start, end = value
    except (TypeError, ValueError):
        raise TypeError("range: a (start, end) pair in ns or 'A:B' is expected") from None
    return ["--range", f"{start}:{end}"]


def fit(t, pipeline=None, *, pool_lanes=False):
    """The semi-Markov chain of `t` after `pipeline` (a path or a list of steps): the dict
    `chitra-cli fit --format json` writes. With `pool_lanes`, each lane alone through the
    pipeline, fitted as one ensemble (`fit --pool-lanes`; open the trace with the lanes
    to pool as its `components`)."""
    if not isinstance(pool_lanes, bool):
        raise TypeError(f"pool_lanes: True or False is expected, not {type(pool_lanes).__name__}")
    with _Pipeline(pipeline) as p:
        pool = ["--pool-lanes"] if pool_lanes else []
        return _json.loads(_run(["fit"] + _trace(t)._args() + p.args() + pool + ["--format", "json"]))


def profile(t, range=None):
    """Where the time goes, per region and lane: the rows of `chitra-cli profile --format csv`
    (over `range`, a (start, end) pair in ns from the origin, or 'A:B')."""
    import pandas as pd

    return pd.read_csv(_io.BytesIO(_run(["profile"] + _trace(t)._args() + _range(range) + ["--format", "csv"])))


def messages(t):
    """The messages between lanes, one row each, as `chitra-cli messages --list` lists them
    (the rows of `--format csv`)."""
    import pandas as pd

    return pd.read_csv(_io.BytesIO(_run(["messages"] + _trace(t)._args() + ["--format", "csv"])))


def periodogram(t, domain="time"):
    """(frequencies, power) NumPy arrays, as `chitra-cli periodogram --domain DOMAIN` lists them."""
    import numpy as np

    if _text(domain, "domain") not in ("time", "event"):
        raise ValueError(f"domain: {domain!r} is not 'time' or 'event'")
    text = _run(["periodogram"] + _trace(t)._args() + ["--domain", domain, "--format", "csv"])
    table = np.loadtxt(_io.BytesIO(text), delimiter=",", skiprows=1, usecols=(0, 1), ndmin=2)
    return table[:, 0].copy(), table[:, 1].copy()


def lanes(t, pipeline=None, group_distance=None, models=False):
    """Each lane's model compared: the dict `chitra-cli lanes --format json` writes."""
    args = ["lanes"] + _trace(t)._args()
    if group_distance is not None:
        args += ["--group-distance", repr(float(group_distance))]
    if models:
        args.append("--models")
    with _Pipeline(pipeline) as p:
        return _json.loads(_run(args + p.args() + ["--format", "json"]))


def validate(t, model, pipeline=None, seed=None):
    """How well `model` (a dict from :func:`fit`, or the path of its JSON) predicts `t`: the
    dict `chitra-cli validate --json` writes."""
    with _Pipeline(pipeline) as p:
        temporary = None
        if isinstance(model, dict):
            handle, temporary = _tempfile.mkstemp(prefix="chitra-model-", suffix=".json")
            with _os.fdopen(handle, "w") as f:
                _json.dump(model, f)
            model = temporary
        try:
            args = ["validate"] + _trace(t)._args() + ["--model", _path(model, "model")] + p.args()
            if seed is not None:
                args += ["--seed", str(int(seed))]
            return _json.loads(_run(args + ["--json"]))
        finally:
            if temporary:
                _os.unlink(temporary)


def suggest(t, pipeline=None, top=None):
    """The steps that would simplify `t`: the dict `chitra-cli suggest --json` writes."""
    args = ["suggest"] + _trace(t)._args()
    if top is not None:
        args += ["--top", str(int(top))]
    with _Pipeline(pipeline) as p:
        return _json.loads(_run(args + p.args() + ["--json"]))


def ensemble(paths, pipeline=None, params=None, by=None):
    """The runs `paths` fitted as an ensemble: the dict `chitra-cli ensemble fit` writes.
    `params`: NAME=REGEX patterns that read each run's parameters from its file name."""
    if isinstance(paths, (str, _os.PathLike)) or not paths:
        raise TypeError("paths: a list of trace paths is expected")
    args = ["ensemble", "fit"] + [_path(p, "paths") for p in paths]
    for param in params or []:
        args += ["--param", _text(param, "params")]
    if by is not None:
        args += ["--by", _text(by, "by")]
    with _Pipeline(pipeline) as p:
        return _json.loads(_run(args + p.args()))
