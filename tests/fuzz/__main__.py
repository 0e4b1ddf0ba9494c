"""`python -m tests.fuzz --inputs 1000000 --jobs 2`: the full fuzz run; prints JSON last.

Each input is a mutated sample session run through one command line (check, replay, score,
import or an export, in turn); any exit status 3 or traceback is a failure, printed with the
input that made it."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import tempfile
import time
from pathlib import Path

from .harness import run_input
from .mutations import inputs

_CHUNK = 500


def _chunk(job: tuple[int, int]) -> tuple[int, list[dict[str, object]]]:
    """One chunk of inputs, each through one command in turn (all of them, over a chunk)."""
    seed, count = job
    folder = Path(tempfile.mkdtemp(prefix="uno-fuzz-"))
    found: list[dict[str, object]] = []
    try:
        for n, text in enumerate(inputs(seed, count)):
            for broken in run_input(text, folder, choice=n):
                found.append({"seed": seed, "index": n, "argv": broken.argv,
                              "code": broken.code, "stderr": broken.stderr, "input": text})
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return count, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    jobs = [(args.seed * 1_000_003 + n, min(_CHUNK, args.inputs - n * _CHUNK))
            for n in range(-(-args.inputs // _CHUNK))]
    started = time.perf_counter()
    done, failures = 0, []
    with multiprocessing.Pool(args.jobs) as pool:
        for count, found in pool.imap_unordered(_chunk, jobs):
            done += count
            failures += found
    seconds = time.perf_counter() - started
    for failure in failures[:20]:
        print(json.dumps(failure, ensure_ascii=False))
    print(json.dumps({"inputs": done, "seed": args.seed, "failures": len(failures),
                      "seconds": round(seconds, 1),
                      "inputs_per_second": round(done / seconds, 1)}))


if __name__ == "__main__":
    main()
