"""One writer per save: ``NAME.lock`` in the saves folder, held with
``flock`` by the ``tales`` playing that save.

The kernel lets go of an ``flock`` when its process ends, however it ends,
so a lock held is a process alive; the file's text (process id, host, start
time) is there to name that process. A lock file left by a process that is
gone is taken over with a warning. A lock file written on another host
(a saves folder shared over a network, where ``flock`` may not reach) is
never broken automatically: the message says how to remove it. Reading a
save (``tales saves list/show/export``) never takes the lock.
"""

from __future__ import annotations

import fcntl
import os
import stat
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from tales.errors import SaveFileError, SaveLocked
from tales.records import record
from tales.saves.store import SaveFiles, excerpt

_OPEN = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC


@record
class Holder:
    """Who wrote a lock file."""

    pid: int
    host: str
    started: str

    def text(self) -> bytes:
        return f"pid={self.pid}\nhost={self.host}\nstarted={self.started}\n".encode()

    @classmethod
    def parse(cls, data: bytes) -> Holder | None:
        fields = dict(
            line.split("=", 1)
            for line in data.decode("utf-8", "replace").splitlines()
            if "=" in line
        )
        try:
            return cls(int(fields["pid"]), fields["host"], fields.get("started", "?"))
        except (KeyError, ValueError):
            return None

    def described(self) -> str:
        here = "this host" if self.host == _host() else f"host {excerpt(self.host)}"
        return f"process {self.pid} on {here}, since {excerpt(self.started)}"


def _host() -> str:
    """This machine's name, as ``socket.gethostname()`` gives it on POSIX (the
    only systems fcntl locks on), without importing socket on every start."""
    return os.uname().nodename


def _me() -> Holder:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    return Holder(os.getpid(), _host(), now)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


@dataclass
class SaveLock:
    """The lock of one save, held until :meth:`release`."""

    path: Path
    fd: int
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def take(cls, files: SaveFiles) -> SaveLock:
        """The lock of ``files``, or :class:`SaveLocked` naming who holds it."""
        files.folder.mkdir(parents=True, exist_ok=True)
        while True:
            fd = _open(files.lock)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = Holder.parse(_read(fd))
                os.close(fd)
                raise SaveLocked(_refusal(files, holder, alive=True)) from None
            if _same_file(fd, files.lock):
                break
            os.close(fd)  # its last holder removed it as we opened it: open the new one
        lock = cls(files.lock, fd)
        try:
            lock.warnings += _stale(files, Holder.parse(_read(fd)))
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, _me().text(), 0)
        return lock

    def release(self) -> None:
        """Remove the lock file (while still holding it), then let go."""
        if self.fd < 0:
            return
        if _same_file(self.fd, self.path):
            self.path.unlink(missing_ok=True)
        os.close(self.fd)
        self.fd = -1


def _open(path: Path) -> int:
    try:
        fd = os.open(path, _OPEN, 0o644)
    except OSError as error:
        if os.path.islink(path):
            raise SaveFileError(path, "is a symbolic link") from None
        raise SaveFileError(path, f"cannot be opened ({error.strerror})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SaveFileError(path, "is not a regular file")
    return fd


def _read(fd: int) -> bytes:
    return os.pread(fd, 4096, 0)


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)


def _stale(files: SaveFiles, holder: Holder | None) -> list[str]:
    """The warning for a lock file nobody holds (its process ended without
    removing it); refuse one written on another host."""
    if holder is None:
        return []
    if holder.host != _host():
        raise SaveLocked(_refusal(files, holder, alive=False))
    state = "no longer running" if not _running(holder.pid) else "no longer holding it"
    return [
        f"the save's lock was left by {holder.described()} ({state}, it must have been "
        "killed); it was taken over"
    ]


def _refusal(files: SaveFiles, holder: Holder | None, *, alive: bool) -> str:
    who = holder.described() if holder is not None else "a process that left no name"
    if alive:
        stop = f", or end that process (kill {holder.pid})" if holder is not None else ""
        then = f"finish or quit the game there first{stop}; tales saves show only reads, and works"
    else:
        then = (
            "if no tales is playing it there any more, remove the lock and try again: "
            f"rm {files.lock}"
        )
    return f"the save {files.name!r} is being played by another tales ({who}); {then}"
