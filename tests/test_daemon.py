"""The opt-in daemon: a real one started on a temporary repository, its answers compared byte for
byte with the plain command's, its lifecycle and its refusals. Every daemon a test starts is
stopped, or killed, by the fixture's finaliser; the runtime folder is the test's own."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from diffreach.daemon.client import exchange
from diffreach.daemon.place import PlaceError, check_private_folder, place_of
from diffreach.daemon.server import CodeStamp, lock_is_held
from diffreach.daemon.wire import MAGIC, receive, version_key

from .conftest import commit_all, git

EXE = str(Path(sys.executable).parent / "diffreach")
FILES = {
    "app/core.py": "def area(w, h):\n    return w * h\n\n\ndef label(name):\n    return name.title()\n",
    "app/use.py": "from app.core import area, label\n\n\ndef report(w, h):\n    return label('x') + str(area(w, h))\n",
    "tests/test_core.py": "from app.core import area\n\n\ndef test_area():\n    assert area(2, 3) == 6\n",
}


def run(root: Path, *args: str, stdin: bytes | None = None, daemon: bool = True) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    if not daemon:
        env["DIFFREACH_NO_DAEMON"] = "1"
    return subprocess.run([EXE, *args], cwd=root, env=env, input=stdin, capture_output=True, timeout=300)


def served(root: Path) -> int:
    """Requests the root's daemon has answered (-1: none runs)."""
    info = json.loads(run(root, "daemon", "status", "--json").stdout)
    return int(info["requests"]) if info["running"] else -1


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def repo(make_repo: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A repository with a committed change (HEAD~1..HEAD) and an uncommitted one, indexed; any
    daemon of it stopped (killed if it does not stop) at the end."""
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "runtime"))
    root = make_repo(FILES)
    (root / "app/core.py").write_text(FILES["app/core.py"].replace("w * h", "h * w"))
    commit_all(root, "swap")
    (root / "app/core.py").write_text(FILES["app/core.py"].replace("def area(w, h)", "def area(w, h, d=1)"))
    assert run(root, "index").returncode == 0
    yield root
    run(root, "daemon", "stop")
    while _STARTED:
        pid = _STARTED.pop()
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


_STARTED: list[int] = []  # every daemon a test started: the fixture kills any still alive


def start(root: Path, *extra: str) -> int:
    out = run(root, "daemon", "start", "--json", *extra)
    assert out.returncode == 0, out.stderr
    pid = int(json.loads(out.stdout)["pid"])
    _STARTED.append(pid)
    return pid


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie nobody has reaped yet is not running)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


FORWARDED = [
    ("impact", "--json", "--no-warmup"),
    ("impact", "--base", "HEAD~1", "--no-warmup"),
    ("context", "--format", "json", "--no-warmup"),
    ("context", "--base", "HEAD~1", "--budget", "500"),
    ("tests", "--json", "--base", "HEAD~1"),
    ("callers", "area", "--json"),
    ("callees", "report"),
    ("query", "--json", "area of a report"),
    ("callers", "nowhere"),  # an error: one line, exit 2, both ways
    ("impact", "--hops", "99"),  # a usage error of click's
]


def test_forwarded_commands_answer_byte_for_byte_as_the_plain_ones(repo: Path) -> None:
    start(repo)
    before = served(repo)
    for args in FORWARDED:
        plain, forwarded = run(repo, *args, daemon=False), run(repo, *args)
        assert (forwarded.returncode, forwarded.stdout, forwarded.stderr) == (
            plain.returncode,
            plain.stdout,
            plain.stderr,
        ), args
    assert served(repo) == before + len(FORWARDED)  # each was the daemon's answer, not a fallback


def test_a_diff_from_stdin_and_a_subfolder_are_forwarded(repo: Path) -> None:
    start(repo)
    diff = git(repo, "diff", "HEAD~1").encode()
    plain = run(repo, "impact", "--json", "--diff", "-", stdin=diff, daemon=False)
    forwarded = run(repo, "impact", "--json", "--diff", "-", stdin=diff)
    assert forwarded.returncode == 0 and forwarded.stdout == plain.stdout
    assert served(repo) == 1
    inner = run(repo / "app", "callers", "area", daemon=False)
    assert run(repo / "app", "callers", "area").stdout == inner.stdout
    assert served(repo) == 2


def test_answers_follow_the_working_tree_and_a_graph_rebuilt_by_another_process(repo: Path) -> None:
    start(repo)
    assert run(repo, "impact", "--json", "--no-warmup").returncode == 0
    (repo / "app/use.py").write_text(FILES["app/use.py"] + "\n\ndef twice(w):\n    return area(w, w) * 2\n")
    assert run(repo, "index", "--full").returncode == 0
    plain, forwarded = (
        run(repo, "impact", "--json", "--no-warmup", daemon=False),
        run(repo, "impact", "--json", "--no-warmup"),
    )
    assert forwarded.stdout == plain.stdout and b"twice" in forwarded.stdout
    assert served(repo) == 2


def test_status_says_pid_uptime_requests_and_version_key_and_stop_removes_the_socket(repo: Path) -> None:
    pid = start(repo)
    info = json.loads(run(repo, "daemon", "status", "--json").stdout)
    assert info["running"] and info["pid"] == pid and info["requests"] == 0 and info["uptime_seconds"] >= 0
    assert set(info["versions"]) >= {"version", "python", "code", "extraction_version", "schema_version"}
    again = run(repo, "daemon", "start")
    assert again.returncode == 2 and again.stderr.decode().startswith("error: a daemon already serves")
    stopped = run(repo, "daemon", "stop")
    assert stopped.returncode == 0 and f"pid {pid}" in stopped.stdout.decode()
    place = place_of(repo.resolve())
    assert not os.path.exists(place.socket) and not lock_is_held(place)
    assert json.loads(run(repo, "daemon", "status", "--json").stdout)["running"] is False
    assert "no daemon is running" in run(repo, "daemon", "stop").stdout.decode()


def test_a_daemon_killed_hard_leaves_a_socket_that_is_ignored_then_replaced(repo: Path) -> None:
    pid = start(repo)
    os.kill(pid, signal.SIGKILL)
    place = place_of(repo.resolve())
    assert wait_for(lambda: not lock_is_held(place) and not alive(pid))
    assert os.path.exists(place.socket)
    info = json.loads(run(repo, "daemon", "status", "--json").stdout)
    assert info["running"] is False and info["stale_socket"] is True
    plain, fallback = run(repo, "impact", "--json", daemon=False), run(repo, "impact", "--json")
    assert fallback.returncode == 0 and fallback.stdout == plain.stdout
    new_pid = start(repo)
    assert new_pid != pid and served(repo) == 0


def test_a_daemon_of_another_version_is_not_asked(repo: Path) -> None:
    start(repo)
    place = place_of(repo.resolve())
    state = json.loads(Path(place.state).read_text())
    Path(place.state).write_text(json.dumps({**state, "key": {**state["key"], "version": "0.0.0-other"}}))
    plain, fallback = run(repo, "callers", "area", daemon=False), run(repo, "callers", "area")
    assert fallback.stdout == plain.stdout
    assert served(repo) == 0
    # Asked anyway (another client's key), it says so and answers nothing.
    reply, body = exchange(place, {"kind": "run", "key": {"version": "0.0.0-other"}, "argv": ["callers", "area"]})
    assert reply == {"status": "mismatch"} and body == b""


def test_a_daemon_folder_open_to_others_is_refused(repo: Path) -> None:
    place = place_of(repo.resolve())
    os.mkdir(place.folder, 0o755)
    os.chmod(place.folder, 0o755)
    refused = run(repo, "daemon", "start")
    assert refused.returncode == 2
    assert refused.stderr.decode().splitlines() == [
        f"error: cannot use the daemon folder: {place.folder} has mode 0755, not 0700: refused"
    ]
    os.chmod(place.folder, 0o700)
    start(repo)
    os.chmod(place.folder, 0o750)  # widened while it runs: the client no longer trusts it (nor the graph's store)
    plain, forwarded = run(repo, "callers", "area", daemon=False), run(repo, "callers", "area")
    assert (
        (forwarded.returncode, forwarded.stderr)
        == (plain.returncode, plain.stderr)
        == (
            2,
            f"error: {place.folder} is not a regular file; remove it\n".encode(),
        )
    )
    os.chmod(place.folder, 0o700)
    assert served(repo) == 0


def test_a_link_is_never_a_private_folder(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(real)
    check_private_folder(real)
    with pytest.raises(PlaceError, match="not a directory"):
        check_private_folder(tmp_path / "link")


def _raw(place_socket: str, data: bytes) -> tuple[dict[str, object], bytes]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(place_socket)
        sock.sendall(data)
        return receive(sock, 1 << 20)


def test_a_request_over_the_cap_is_refused_with_one_line_before_it_is_read(repo: Path) -> None:
    (repo / ".diffreach.toml").write_text("daemon_max_request_bytes = 100000\n")
    start(repo)
    place = place_of(repo.resolve())
    reply, _ = _raw(place.socket, MAGIC + (10**9).to_bytes(8, "big"))
    assert reply["status"] == "refused"
    assert reply["message"] == (
        "error: a message of 1,000,000,000 bytes is over the limit of 100,000 bytes (daemon_max_request_bytes)"
    )
    # The client never sends what the daemon would refuse: a large stdin runs in-process, whole.
    big = git(repo, "diff", "HEAD~1").encode() + b"\n" * 200_000
    plain, fallback = (run(repo, "impact", "--json", "--diff", "-", stdin=big, daemon=d) for d in (False, True))
    assert fallback.returncode == plain.returncode and fallback.stdout == plain.stdout
    assert served(repo) == 0


def test_a_working_folder_or_root_outside_the_daemons_root_is_refused(repo: Path, tmp_path: Path) -> None:
    start(repo)
    place = place_of(repo.resolve())
    base = {"kind": "run", "key": version_key(), "env": dict(os.environ), "streams": {}}
    for argv, cwd in ((["callers", "area"], "/"), (["callers", "area", "--root", str(tmp_path)], str(repo))):
        reply, _ = exchange(place, {**base, "argv": argv, "cwd": cwd})
        assert reply is not None and reply["status"] == "refused" and "outside" in str(reply["message"])
    reply, _ = exchange(place, {**base, "argv": ["index", "--full"], "cwd": str(repo)})
    assert reply is not None and reply["status"] == "refused"
    assert served(repo) == 0


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to connect as another user")
def test_another_users_connection_is_refused(repo: Path) -> None:
    start(repo)
    place = place_of(repo.resolve())
    os.chmod(place.folder, 0o711)  # let the other user reach the socket: the peer check alone stands
    os.chmod(place.socket, 0o666)
    try:
        child = os.fork()
        if child == 0:  # pragma: no cover - the child reports through its exit code
            code = 3
            try:
                os.chdir(place.folder)  # the folders above are root's own 0700 temporary folders
                os.setgid(65534)
                os.setuid(65534)
                # Refused on connection, before a byte is read (sending first could meet a closed socket).
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                    sock.connect(os.path.basename(place.socket))
                    reply, _ = receive(sock, 1 << 20)
                code = 0 if reply.get("status") == "refused" else 1
            except BaseException as exc:
                os.write(2, f"child: {exc!r}\n".encode())
            finally:
                os._exit(code)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        os.chmod(place.socket, 0o600)
        os.chmod(place.folder, 0o700)


def test_it_exits_when_idle_and_when_the_graph_folder_goes(repo: Path) -> None:
    start(repo, "--idle-timeout", "0.5")
    place = place_of(repo.resolve())
    assert wait_for(lambda: not lock_is_held(place))
    assert "exiting: idle for 0.5 s" in Path(place.log).read_text()
    assert not os.path.exists(place.socket)
    pid = start(repo)
    for path in sorted((repo / ".diffreach").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    assert wait_for(lambda: not alive(pid))


def test_the_client_path_loads_neither_click_nor_the_library() -> None:
    probe = (
        "import sys; import diffreach.entry; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('click', 'tree_sitter', 'sqlite3')"
        " or m.startswith(('diffreach.api', 'diffreach.cli'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_code_stamp_sees_a_module_changed_added_or_removed(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    stamp = CodeStamp(package)
    assert not stamp.changed()
    (package / "a.py").write_text("x = 22\n")
    assert stamp.changed()
    stamp = CodeStamp(package)
    (package / "sub" / "b.py").write_text("")
    assert stamp.changed()


def test_a_socket_path_too_long_for_af_unix_goes_to_the_private_runtime_folder(
    make_repo: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runtime = Path(tempfile.mkdtemp(prefix="dr-", dir="/tmp"))  # short: tmp_path is too long a prefix here
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    root = make_repo(FILES)
    root = Path(root.rename(deep / "repo"))
    place = place_of(root.resolve())
    assert os.path.dirname(place.socket) == str(runtime / "diffreach") and place.socket.endswith(".sock")
    (runtime / "diffreach").mkdir(parents=True, mode=0o777)
    os.chmod(runtime / "diffreach", 0o777)
    refused = run(root, "daemon", "start")
    assert refused.returncode == 2 and "has mode 0777, not 0700: refused" in refused.stderr.decode()
    os.chmod(runtime / "diffreach", 0o700)
    try:
        start(root)
        plain, forwarded = run(root, "callers", "area", daemon=False), run(root, "callers", "area")
        assert forwarded.stdout == plain.stdout and served(root) == 1
    finally:
        run(root, "daemon", "stop")
        shutil.rmtree(runtime)
        while _STARTED:
            pid = _STARTED.pop()
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
