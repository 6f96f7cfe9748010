#!/usr/bin/env python3
"""Measures the Hummingbird example on loopback; Scripts/bench-hummingbird.sh builds it and runs this.

Three measurements, each comparing SwinjectKit with the same thing done by hand in one run:

- throughput: one server (the SwinjectKit app) serves `/scoped/orders/1`, whose handler resolves
  five request-scoped services, `/by-hand/orders/1`, which builds them by hand, and
  `/swinject/orders/1`, which resolves them from a plain Swinject container (the floor under
  any library built on Swinject). wrk loads the three routes in rotating rounds; each round
  gives requests per second and p99.
- start-up: the time from starting a process to the first 200 from `/health`, for the SwinjectKit
  app (five configuration layers, 200 more services, checkProperties and verify(.resolvingEach))
  and the hand-wired app (one JSON file, JSONDecoder), started alternately.
- memory: VmRSS of the SwinjectKit app before and after at least 100,000 requests to
  `/scoped/orders/1` (and, for reference, to `/by-hand/orders/1`), after a warm-up.

Every figure printed is a median; spread is given as the lowest and highest value (or the
quartiles of the per-round ratios).
"""
import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ENVIRONMENT = {"APP_DATABASE_PORT": "6432"}  # BenchmarkConfiguration.environment


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def health_is_ok(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return connection.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


class Server:
    """One server process; `seconds_to_ready` is from just before the process starts to the first 200."""

    def __init__(self, binary, directory, mode):
        self.port = free_port()
        arguments = [binary, "kit", directory, f"--server.port={self.port}"]
        if mode == "by-hand":
            arguments = [binary, "by-hand", directory, str(self.port)]
        environment = dict(os.environ, **ENVIRONMENT)
        self.log = tempfile.TemporaryFile()
        start = time.perf_counter()
        self.process = subprocess.Popen(arguments, env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        while not health_is_ok(self.port):
            if self.process.poll() is not None:
                self.log.seek(0)
                sys.exit(f"{mode} server exited with {self.process.returncode}:\n{self.log.read().decode()}")
            if time.perf_counter() - start > 60:
                self.stop()
                sys.exit(f"{mode} server did not answer /health within 60 s")
            time.sleep(0.0005)
        self.seconds_to_ready = time.perf_counter() - start

    def resident_kb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def wrk(port, path, seconds, connections):
    """Runs wrk with one thread; returns (requests, requests per second, p99 in ms)."""
    arguments = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"]
    output = subprocess.run(
        arguments + [f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, check=True
    ).stdout
    if "Non-2xx" in output or "Socket errors" in output:
        sys.exit(f"wrk saw failed requests on {path}:\n{output}")
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", output).groups()
    return requests, rate, float(value) * UNITS[unit]


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    low, _, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, high


def report(name, ours, theirs, unit, digits=1, labels=("SwinjectKit", "by hand")):
    ratios = [a / b for a, b in zip(ours, theirs)]
    low, high = quartiles(ratios)
    print(
        f"{name}: {labels[0]} {statistics.median(ours):.{digits}f} {unit} [{min(ours):.{digits}f}–{max(ours):.{digits}f}], "
        f"{labels[1]} {statistics.median(theirs):.{digits}f} {unit} [{min(theirs):.{digits}f}–{max(theirs):.{digits}f}], "
        f"ratio of medians {statistics.median(ours) / statistics.median(theirs):.3f}, "
        f"per-round ratio median {statistics.median(ratios):.3f} [p25–p75 {low:.3f}–{high:.3f}]"
    )


ROUTES = {"kit": "/scoped/orders/1", "by-hand": "/by-hand/orders/1", "swinject": "/swinject/orders/1"}
LABELS = {"kit": "SwinjectKit", "by-hand": "by hand", "swinject": "plain Swinject"}


def measure_throughput(binary, directory, rounds, seconds, connections):
    server = Server(binary, directory, "kit")
    sides = list(ROUTES)
    try:
        for path in ROUTES.values():
            wrk(server.port, path, 3, connections)  # warm-up
        results = {side: [] for side in sides}
        for index in range(rounds):
            # Each route goes first, second and third equally often.
            order = sides[index % 3 :] + sides[: index % 3]
            if index % 2 == 1:
                order.reverse()
            for side in order:
                results[side].append(wrk(server.port, ROUTES[side], seconds, connections))
            print(
                f"  round {index + 1}: "
                + ", ".join(f"{side} {results[side][-1][1]:.0f} req/s p99 {results[side][-1][2]:.2f} ms" for side in order),
                flush=True,
            )
    finally:
        server.stop()
    # The bound compares SwinjectKit with the hand-built route; plain Swinject (the same resolves
    # with nothing of SwinjectKit) is the floor any library on Swinject starts from.
    for ours, theirs in (("kit", "by-hand"), ("swinject", "by-hand"), ("kit", "swinject")):
        labels = (LABELS[ours], LABELS[theirs])
        report("requests/s", [r[1] for r in results[ours]], [r[1] for r in results[theirs]], "req/s", 0, labels)
        report("p99 latency", [r[2] for r in results[ours]], [r[2] for r in results[theirs]], "ms", 2, labels)


def measure_startup(binary, directory, runs):
    times = {"kit": [], "by-hand": []}
    for index in range(runs):
        order = ["kit", "by-hand"] if index % 2 == 0 else ["by-hand", "kit"]
        for side in order:
            server = Server(binary, directory, side)
            times[side].append(server.seconds_to_ready * 1000)
            server.stop()
        print(f"  run {index + 1}: " + ", ".join(f"{side} {times[side][-1]:.1f} ms" for side in order), flush=True)
    report("start-up to first 200", times["kit"], times["by-hand"], "ms")


def measure_memory(binary, directory, requests, connections):
    for side, path in (("kit", "/scoped/orders/1"), ("kit", "/by-hand/orders/1")):
        server = Server(binary, directory, side)
        try:
            wrk(server.port, path, 5, connections)  # warm-up
            time.sleep(1)
            before = server.resident_kb()
            served = 0
            while served < requests:  # wrk runs for a time, not a count: 2-second runs until done
                served += wrk(server.port, path, 2, connections)[0]
            time.sleep(1)
            after = server.resident_kb()
        finally:
            server.stop()
        print(
            f"memory {path}: VmRSS {before / 1024:.2f} MB before, {after / 1024:.2f} MB after {served} requests, "
            f"growth {(after - before) / 1024:+.2f} MB"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--example-config", required=True)
    parser.add_argument("--only", choices=["throughput", "startup", "memory"])
    parser.add_argument("--rounds", type=int, default=10, help="throughput rounds, each one run of each route")
    parser.add_argument("--seconds", type=int, default=5, help="seconds of each wrk run")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--startups", type=int, default=15, help="start-ups of each app")
    parser.add_argument("--requests", type=int, default=100_000, help="requests between the memory readings")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="orders-benchmark-") as directory:
        subprocess.run([options.binary, "prepare", directory, options.example_config], check=True)
        if options.only in (None, "throughput"):
            print(f"throughput: {options.rounds} rounds of {options.seconds} s per route, {options.connections} connections")
            measure_throughput(options.binary, directory, options.rounds, options.seconds, options.connections)
        if options.only in (None, "startup"):
            print(f"start-up: {options.startups} runs of each app, alternating")
            measure_startup(options.binary, directory, options.startups)
        if options.only in (None, "memory"):
            measure_memory(options.binary, directory, options.requests, options.connections)


if __name__ == "__main__":
    main()
