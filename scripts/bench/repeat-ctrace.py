#!/usr/bin/env python3
"""Writes a .ctrace holding K copies of another one after the other in time, for traces
larger than memory (docs/performance.md, "Larger than memory"):

    python3 scripts/bench/repeat-ctrace.py IN.ctrace K OUT.ctrace

IN must have a declared end and no data fields (as the traces of scripts/bench/bench_numpy_fit.py
converted by `chitra-cli convert`). Copy k is shifted by k times IN's span (end - first
time), so times never decrease, and OUT's end is K spans after IN's first time. The
columns are streamed a block at a time (docs/file-formats.md, "Binary trace"), so the
script needs little memory whatever K is.
"""
import struct
import sys

import numpy as np

BLOCK = 1 << 24  # records a write


def main():
    src, copies, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(src, "rb") as f:
        head = f.read(64)
    magic, version, head_size, records, symbols, fields, meta_at, meta_size, columns_at, total = struct.unpack(
        "<8sIIQIIQQQQ", head)
    if magic != b"\x89CTRACE\n" or version != 1 or fields != 0:
        sys.exit(f"{src}: not a version-1 .ctrace without fields")
    data = np.memmap(src, dtype=np.uint8, mode="r")
    meta = bytearray(data[64:columns_at])
    has_end = meta[1]
    (end,) = struct.unpack_from("<q", meta, 8)
    if not has_end:
        sys.exit(f"{src}: needs a declared end")
    times = np.frombuffer(data, dtype="<i8", count=records, offset=columns_at)
    states = np.frombuffer(data, dtype="<u4", count=records, offset=columns_at + 8 * records)
    span = end - int(times[0])
    out_records = records * copies
    pad = (8 - (4 * out_records) % 8) % 8
    out_total = columns_at + 8 * out_records + 4 * out_records + pad
    struct.pack_into("<q", meta, 8, int(times[0]) + copies * span)
    with open(dst, "wb") as f:
        f.write(struct.pack("<8sIIQIIQQQQ", magic, version, head_size, out_records, symbols, fields, meta_at,
                            meta_size, columns_at, out_total))
        f.write(meta)
        for k in range(copies):
            for lo in range(0, records, BLOCK):
                f.write((times[lo:lo + BLOCK] + k * span).astype("<i8").tobytes())
        for k in range(copies):
            for lo in range(0, records, BLOCK):
                f.write(states[lo:lo + BLOCK].tobytes())
        f.write(b"\0" * pad)


if __name__ == "__main__":
    main()
