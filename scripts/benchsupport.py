"""Shared helpers of scripts/load-test and scripts/side-by-side (issue 8); not a script of its own.

- which GhostVault binary to run ($GHOSTVAULT_BIN, else .build/release/ghostvault, else a release build when a
  person runs the script at a terminal);
- installing the peer tools from Debian (apt-get) and PyPI (pip) when they are missing;
- generated households, kept in the data folder by size, seed and years so later runs reuse them.

Every program started here runs under `timeout`, so nothing outlives its bound.
"""

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DATA = os.path.join(REPO, ".build", "bench-data")
# Bounds for the programs these scripts start: generation of a 1M household takes about 100 s in release.
GENERATE_SECONDS = 3 * 3600
BUILD_SECONDS = 3600


def say(text):
    print(f"\n== {text} ==", flush=True)


def die(text, code=1):
    print(f"error: {text}", file=sys.stderr, flush=True)
    sys.exit(code)


def ghostvault_binary():
    """The binary to measure: $GHOSTVAULT_BIN, else the release build, else build it (only for a person)."""
    explicit = os.environ.get("GHOSTVAULT_BIN")
    if explicit:
        path = os.path.abspath(explicit)
        if not os.access(path, os.X_OK):
            die(f"GHOSTVAULT_BIN={explicit} is not an executable file.")
        return path
    release = os.path.join(REPO, ".build", "release", "ghostvault")
    if os.access(release, os.X_OK):
        return release
    # Only a person at a terminal gets the (minutes long) release build; scripts and CI must say which binary.
    if sys.stdin.isatty() and sys.stdout.isatty() and not os.environ.get("CI"):
        say("No release build yet: swift build -c release --product ghostvault (a few minutes)")
        subprocess.run(
            ["timeout", str(BUILD_SECONDS), "swift", "build", "-c", "release", "--product", "ghostvault"],
            cwd=REPO, check=True)
        if os.access(release, os.X_OK):
            return release
    die("No GhostVault binary: run `swift build -c release --product ghostvault` first, "
        "or set GHOSTVAULT_BIN to a binary (the figures of a debug build are not the release ones).")


def build_kind(binary):
    """'debug' or 'release' when the path says so ($GHOSTVAULT_BUILD_KIND overrides), for labelling figures."""
    if os.environ.get("GHOSTVAULT_BUILD_KIND"):
        return os.environ["GHOSTVAULT_BUILD_KIND"]
    path = binary.lower()
    for kind in ("release", "debug"):
        if kind in path:
            return kind
    return "unlabelled"


def _as_root(command):
    return command if os.geteuid() == 0 else ["sudo"] + command


_apt_updated = False


def ensure_debian(commands):
    """Installs the Debian packages of the commands missing from PATH; `commands` maps command -> package."""
    global _apt_updated
    missing = sorted({package for command, package in commands.items() if shutil.which(command) is None})
    if not missing:
        return
    say("Installing from Debian: " + " ".join(missing))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if not _apt_updated:
        subprocess.run(["timeout", "600"] + _as_root(["apt-get", "update", "-qq"]), check=True, env=env)
        _apt_updated = True
    subprocess.run(["timeout", "1200"] + _as_root(["apt-get", "install", "-y", "-qq"] + missing), check=True,
                   env=env, stdout=subprocess.DEVNULL)
    for command in commands:
        if shutil.which(command) is None:
            die(f"`{command}` is still missing after installing {', '.join(missing)}.")


def ensure_bean_query():
    """`bean-query`: beancount 3 moved it to the `beanquery` package, so both come from PyPI."""
    if shutil.which("bean-query"):
        return
    say("Installing beancount and beanquery from PyPI (bean-query)")
    base = [sys.executable, "-m", "pip", "install", "--quiet", "beancount", "beanquery"]
    if subprocess.run(["timeout", "1200"] + base).returncode != 0:
        subprocess.run(["timeout", "1200"] + base + ["--break-system-packages"], check=True)
    if shutil.which("bean-query") is None:
        die("`bean-query` is not on PATH after `pip install beancount beanquery`; add pip's bin folder to PATH.")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def child_environment(home):
    """GhostVault's environment: its data folder (secret key and so on) inside ours, never the user's own."""
    env = dict(os.environ)
    env["GHOSTVAULT_HOME"] = home
    for name in ("GHOSTVAULT_DATABASE", "GHOSTVAULT_SECRET_KEY_FILE", "GHOSTVAULT_HOST", "GHOSTVAULT_PORT"):
        env.pop(name, None)
    return env


def run(command, env=None, bound=600, input_text=None, quiet=False):
    """Runs a command under `timeout`; returns its standard output, failing loudly with its output."""
    result = subprocess.run(["timeout", str(bound)] + command, env=env, input=input_text, capture_output=True,
                            text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        die(f"`{' '.join(command)}` failed (exit status {result.returncode}).")
    if not quiet and result.stdout.strip():
        print(result.stdout.strip(), flush=True)
    return result.stdout


def household(binary, data, transactions, seed, years, fresh=False):
    """The path of a generated household of about `transactions` transactions, generating it when missing.

    Generated data ends on the day it was generated; `fresh` regenerates (for example after the generator or
    the schema changed). The file is written under a temporary name and renamed when complete.
    """
    os.makedirs(data, exist_ok=True)
    path = os.path.join(data, f"household-{transactions}-seed{seed}-{years}y.sqlite")
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
    if os.path.exists(path):
        print(f"Reusing {os.path.relpath(path)} (--fresh regenerates it).", flush=True)
        return path
    say(f"Generating a household of about {transactions:,} transactions (seed {seed}, {years} years)")
    partial = path + ".partial"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.remove(partial + suffix)
    env = child_environment(os.path.join(data, "home"))
    started = time.monotonic()
    run([binary, "--database", partial, "init", "--name", "Benchmark", "--time-zone", "Etc/UTC",
         "--currency", "USD"], env=env, quiet=True)
    run([binary, "--database", partial, "generate", "--transactions", str(transactions), "--seed", str(seed),
         "--years", str(years)], env=env, bound=GENERATE_SECONDS)
    print(f"(init and generate took {time.monotonic() - started:.1f} s of wall clock)", flush=True)
    # Fold the write-ahead log into the file so the one file is the whole household.
    with sqlite3.connect(partial) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.remove(partial + suffix)
    os.rename(partial, path)
    return path


def copy_database(source, target):
    """A consistent copy of an SQLite file (through SQLite's backup API)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix):
            os.remove(target + suffix)
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as origin, sqlite3.connect(target) as copy:
        origin.backup(copy)
    return target


def household_facts(path):
    """Transactions, the first and last day, and the household's id of a single-household database."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        households = connection.execute("SELECT id FROM households").fetchall()
        if len(households) != 1:
            die(f"{path} holds {len(households)} households; these scripts expect the one `init` made.")
        count, first, last = connection.execute(
            "SELECT COUNT(*), MIN(date), MAX(date) FROM transactions").fetchone()
    return {"household": households[0][0], "transactions": count, "first": first, "last": last}


def _cpu_times():
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    return sum(fields), fields[3] + fields[4]  # all, idle + iowait


def load_note():
    """How busy the machine is (over one second) before figures are taken: other work lowers them."""
    os.sync()  # files just written are flushed now, not while the tools run
    total, idle = _cpu_times()
    time.sleep(1)
    total2, idle2 = _cpu_times()
    busy = 100 * (1 - (idle2 - idle) / max(1, total2 - total))
    note = f"{os.cpu_count()} cores, {busy:.0f}% busy over the last second, load average {os.getloadavg()[0]:.2f}"
    if busy > 15:
        note += ": other work is running, so these figures read low"
    return note


def day_text(compact):
    return f"{compact // 10000:04d}-{compact // 100 % 100:02d}-{compact % 100:02d}"
