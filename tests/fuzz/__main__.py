"""`python -m tests.fuzz --inputs 1000000 --jobs 2`: the full fuzz run; prints JSON last.

Half the inputs are mutated sample sessions, each run through one command line (check, replay,
score, import or an export, in turn); the other half are mutated command lines of every command
(`arguments.py`: stats, players, label, config and the rest, with non-UTF-8 arguments, file
names and variables). Any exit status 3 or traceback is a failure, printed with the input that
made it."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import tempfile
import time
from pathlib import Path

from .harness import run_command_lines, run_input
from .mutations import inputs

_CHUNK = 500


def _chunk(job: tuple[int, int]) -> tuple[int, list[dict[str, object]]]:
    """One chunk of inputs: sessions (even seeds), each through one command in turn (all of
    them, over a chunk), or command lines (odd seeds)."""
    seed, count = job
    folder = Path(tempfile.mkdtemp(prefix="uno-fuzz-"))
    found: list[dict[str, object]] = []
    try:
        if seed % 2:
            for broken in run_command_lines(seed, count, folder):
                found.append(
                    {
                        "seed": seed,
                        "argv": broken.argv,
                        "code": broken.code,
                        "stderr": broken.stderr,
                    }
                )
        else:
            for n, text in enumerate(inputs(seed, count)):
                for broken in run_input(text, folder, choice=n):
                    found.append(
                        {
                            "seed": seed,
                            "index": n,
                            "argv": broken.argv,
                            "code": broken.code,
                            "stderr": broken.stderr,
                            "input": text,
                        }
                    )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return count, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    jobs = [
        (args.seed * 1_000_003 + n, min(_CHUNK, args.inputs - n * _CHUNK))
        for n in range(-(-args.inputs // _CHUNK))
    ]
    started = time.perf_counter()
    done, failures = 0, []
    with multiprocessing.Pool(args.jobs) as pool:
        for count, found in pool.imap_unordered(_chunk, jobs):
            done += count
            failures += found
    seconds = time.perf_counter() - started
    for failure in failures[:20]:
        print(json.dumps(failure, ensure_ascii=False, default=repr))
    print(
        json.dumps(
            {
                "inputs": done,
                "seed": args.seed,
                "failures": len(failures),
                "seconds": round(seconds, 1),
                "inputs_per_second": round(done / seconds, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
