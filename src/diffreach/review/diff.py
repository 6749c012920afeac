"""Unified diffs → ``FileDiff`` records: one pure, line-driven parser.

The parser reads the text once, front to back, and never backtracks, so it runs
in linear time on any input. Hunk bodies are consumed by the counts in their
``@@`` header (a removed line ``-- x`` looks like a file header; only the counts
can tell), and a body that disagrees with its header is a ``DiffError`` naming
the line. Text outside files (commit messages of ``git show`` or
``format-patch``, diffstats, ``Only in …`` lines of ``diff -r``) is skipped.
Both git's format (``diff --git`` with extended headers, quoted paths, binary
markers) and plain ``diff -u`` output are understood. Paths come out
repo-relative with the ``a/``/``b/`` prefixes removed, ``None`` for the missing
side of an added or deleted file; a copy is reported as an added file because
its source is unchanged.
"""

from __future__ import annotations

import difflib
import re

from diffreach.errors import DiffError
from diffreach.model import FileDiff, Hunk

_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_DEV_NULL = "/dev/null"
# Letters git uses as path prefixes: a/ b/ by default, c/ i/ o/ w/ with
# diff.mnemonicPrefix, 1/ 2/ for --no-index.
_PREFIX_LETTERS = frozenset("abciow12")
_ESCAPES = {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, '"': 34, "\\": 92}
_OCTAL = frozenset("01234567")
_EPOCH = "1970-01-01"
_RENAME_KEYS = ("rename from ", "rename to ", "copy from ", "copy to ")
_SHOW = 60  # characters of an offending line quoted in an error


class _File:
    """A file being parsed; becomes a FileDiff when its last hunk is read. (A plain class: no
    dataclass methods to compile at load, a share of every warm answer's start.)"""

    __slots__ = ("added", "binary", "bodies", "deleted", "hunks", "new", "old", "prefixed", "start")

    def __init__(self, start: int, old: str | None = None, new: str | None = None, binary: bool = False) -> None:
        self.start, self.old, self.new, self.binary = start, old, new, binary
        self.prefixed = False
        self.added = False
        self.deleted = False
        self.hunks: list[Hunk] = []
        self.bodies: list[tuple[tuple[str, str], ...]] = []


def check_diff_size(size: int, max_bytes: int) -> None:
    """Refuse a diff of ``size`` bytes past ``max_bytes`` (0: no limit), before it is parsed: the
    records of a parsed diff take many times its size in memory (a 100 MB diff peaked at 1.3 GB)."""
    if max_bytes and size > max_bytes:
        raise DiffError(
            f"the diff is over {max_bytes} bytes (max_diff_bytes): give a smaller diff, or raise max_diff_bytes"
        )


def diff_size(text: str, max_bytes: int) -> int:
    """The UTF-8 size of ``text``, or a size past ``max_bytes`` without encoding a text that long."""
    if max_bytes and len(text) > max_bytes:
        return len(text)  # a character takes one byte or more
    return len(text.encode("utf-8", "replace"))


def parse_diff(text: str) -> tuple[FileDiff, ...]:
    """Parse a git or plain unified diff. Empty input gives ()."""
    return tuple(fd for fd, _ in _Parser(text, collect=False).run())


def hunk_bodies(file_diff: FileDiff) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The lines of each hunk of ``file_diff`` as (tag, text) with tag ' ', '-' or '+'.

    Read again from ``file_diff.text`` by the same parser, for callers that must
    rebuild a side of the file the diff does not come with.
    """
    parsed = _Parser(file_diff.text, collect=True).run()
    return parsed[0][1] if parsed else ()


def diff_from_texts(path: str, old_text: str | None, new_text: str | None) -> str:
    """A git-style unified diff of one file (None = the file does not exist)."""
    old_lines = (old_text or "").splitlines(keepends=True)
    new_lines = (new_text or "").splitlines(keepends=True)
    body = difflib.unified_diff(
        old_lines,
        new_lines,
        fromfile=f"a/{path}" if old_text is not None else _DEV_NULL,
        tofile=f"b/{path}" if new_text is not None else _DEV_NULL,
    )
    out = [f"diff --git a/{path} b/{path}\n"]
    if old_text is None:
        out.append("new file mode 100644\n")
    elif new_text is None:
        out.append("deleted file mode 100644\n")
    for line in body:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


class _Parser:
    def __init__(self, text: str, collect: bool) -> None:
        raw = text.split("\n")
        if raw and raw[-1] == "":
            raw.pop()
        self.raw = raw
        # CRLF diffs: the '\r' belongs to the line ending, not to the content.
        self.lines = [line[:-1] if line.endswith("\r") else line for line in raw]
        self.collect = collect
        self.out: list[tuple[FileDiff, tuple[tuple[tuple[str, str], ...], ...]]] = []

    def run(self) -> list[tuple[FileDiff, tuple[tuple[tuple[str, str], ...], ...]]]:
        lines, i = self.lines, 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("diff --git "):
                i = self._git_file(i)
            elif line.startswith(("diff --cc ", "diff --combined ")):
                raise DiffError(
                    f"malformed diff at line {i + 1}: combined (merge) diffs are not "
                    "supported; diff against one parent instead"
                )
            elif line.startswith("--- ") and self._at(i + 1).startswith("+++ "):
                i = self._plain_file(i)
            elif line.startswith("Binary files ") and line.endswith(" differ"):
                i = self._plain_binary(i)
            elif line.startswith("@@ "):
                raise DiffError(f"malformed diff at line {i + 1}: a hunk header before any file header")
            else:
                i += 1  # commit message, diffstat, `Only in …`: not part of any file
        return self.out

    def _at(self, i: int) -> str:
        return self.lines[i] if i < len(self.lines) else ""

    def _finish(self, f: _File, end: int) -> None:
        old = None if f.added else f.old
        new = None if f.deleted else f.new
        for path in (old, new):
            if path is not None and "\0" in path:
                # No file system takes one; opening the path would raise a ValueError.
                raise DiffError(f"malformed diff at line {f.start + 1}: a NUL byte in the path {path[:_SHOW]!r}")
        text = "\n".join(self.raw[f.start : end]) + "\n"
        fd = FileDiff(old_path=old, new_path=new, hunks=tuple(f.hunks), binary=f.binary, text=text)
        self.out.append((fd, tuple(f.bodies)))

    def _git_file(self, i: int) -> int:
        f = _File(start=i)
        a, b = _split_git_names(self.lines[i][len("diff --git ") :], i + 1)
        f.prefixed = _has_prefixes(a, b)
        f.old, f.new = _strip(a, f.prefixed), _strip(b, f.prefixed)
        renamed: dict[str, str] = {}
        i += 1
        while i < len(self.lines):
            line = self.lines[i]
            if line.startswith("new file mode"):
                f.added = True
            elif line.startswith("deleted file mode"):
                f.deleted = True
            elif line.startswith(_RENAME_KEYS):
                key = next(k for k in _RENAME_KEYS if line.startswith(k))
                renamed[key] = _path_token(line[len(key) :], i + 1)
            elif line.startswith("Binary files ") and line.endswith(" differ"):
                f.binary = True
                f.added = f.added or line.startswith(f"Binary files {_DEV_NULL} and ")
                f.deleted = f.deleted or line.endswith(f" and {_DEV_NULL} differ")
                i += 1
                break
            elif line == "GIT binary patch":
                f.binary = True
                i += 1
                while i < len(self.lines) and not self.lines[i].startswith("diff "):
                    i += 1  # base85 literal/delta blocks
                break
            elif line.startswith("--- "):
                i = self._file_names(f, i)
                i = self._hunks(f, i)
                break
            elif line.startswith("@@ "):
                i = self._hunks(f, i)
                break
            elif not line.startswith(("old mode ", "new mode ", "index ", "similarity index ", "dissimilarity index ")):
                break  # the next file, or text between files
            i += 1
        f.old = renamed.get("rename from ", renamed.get("copy from ", f.old))
        f.new = renamed.get("rename to ", renamed.get("copy to ", f.new))
        if "copy from " in renamed:
            f.added = True  # the source is unchanged; the copy is a new file
        self._finish(f, i)
        return i

    def _file_names(self, f: _File, i: int) -> int:
        """Read the ``---``/``+++`` pair of a git file; they win over the header's names."""
        if not self._at(i + 1).startswith("+++ "):
            raise DiffError(f"malformed diff at line {i + 2}: expected '+++ ' after the '--- ' line")
        old = _path_token(self.lines[i][4:], i + 1)
        new = _path_token(self.lines[i + 1][4:], i + 2)
        if old == _DEV_NULL:
            f.added = True
        else:
            f.old = _strip(old, f.prefixed)
        if new == _DEV_NULL:
            f.deleted = True
        else:
            f.new = _strip(new, f.prefixed)
        return i + 2

    def _plain_file(self, i: int) -> int:
        f = _File(start=i)
        old_field, new_field = self.lines[i][4:], self.lines[i + 1][4:]
        old, new = _path_token(old_field, i + 1), _path_token(new_field, i + 2)
        both = old.startswith("a/") and new.startswith("b/")
        f.old = None if old == _DEV_NULL else (old[2:] if both else old)
        f.new = None if new == _DEV_NULL else (new[2:] if both else new)
        i = self._hunks(f, i + 2)
        # `diff -uN` names a missing file with the epoch as its timestamp.
        if all(h.old_count == 0 for h in f.hunks) and _timestamp(old_field).startswith(_EPOCH):
            f.old = None
        if all(h.new_count == 0 for h in f.hunks) and _timestamp(new_field).startswith(_EPOCH):
            f.new = None
        if f.old is None and f.new is None:
            raise DiffError(f"malformed diff at line {f.start + 1}: both sides of the file are /dev/null")
        self._finish(f, i)
        return i

    def _plain_binary(self, i: int) -> int:
        names = self.lines[i][len("Binary files ") : -len(" differ")]
        old, _, new = names.partition(" and ")
        both = old.startswith("a/") and new.startswith("b/")
        f = _File(
            start=i,
            binary=True,
            old=None if old == _DEV_NULL else (old[2:] if both else old),
            new=None if new == _DEV_NULL else (new[2:] if both else new),
        )
        self._finish(f, i + 1)
        return i + 1

    def _hunks(self, f: _File, i: int) -> int:
        if not self._at(i).startswith("@@"):
            found = repr(self._at(i)[:_SHOW]) if i < len(self.lines) else "the end of the diff"
            raise DiffError(
                f"malformed diff at line {i + 1}: expected a hunk header '@@ -a,b +c,d @@' but found {found}"
            )
        while i < len(self.lines) and self.lines[i].startswith("@@"):
            i = self._hunk(f, i)
        return i

    def _hunk(self, f: _File, i: int) -> int:
        lines = self.lines
        m = _HUNK.match(lines[i])
        if m is None:
            raise DiffError(f"malformed diff at line {i + 1}: bad hunk header {lines[i][:_SHOW]!r}")
        old_start, new_start = int(m[1]), int(m[3])
        old_count = 1 if m[2] is None else int(m[2])
        new_count = 1 if m[4] is None else int(m[4])
        header = i + 1
        old_no, new_no, old_left, new_left = old_start, new_start, old_count, new_count
        removed: list[int] = []
        added: list[int] = []
        body: list[tuple[str, str]] = []
        i += 1
        while old_left or new_left:
            if i >= len(lines):
                raise DiffError(
                    f"malformed diff at line {header}: the diff ends inside this hunk, "
                    f"which announces {old_count} old and {new_count} new lines"
                )
            line = lines[i]
            tag = line[:1] or " "  # an empty line is a context line whose space was stripped
            if tag == "\\":
                i += 1
                continue
            if tag not in " -+" or (tag != "+" and not old_left) or (tag != "-" and not new_left):
                raise DiffError(
                    f"malformed diff at line {i + 1}: {line[:_SHOW]!r} does not fit the "
                    f"hunk at line {header}, which announces {old_count} old and "
                    f"{new_count} new lines"
                )
            if tag != "+":
                if tag == "-":
                    removed.append(old_no)
                old_no += 1
                old_left -= 1
            if tag != "-":
                if tag == "+":
                    added.append(new_no)
                new_no += 1
                new_left -= 1
            if self.collect:
                body.append((tag, line[1:]))
            i += 1
        while i < len(lines) and lines[i].startswith("\\"):
            i += 1  # "\ No newline at end of file" after the last line
        if i < len(lines) and self._is_stray_body(i):
            raise DiffError(
                f"malformed diff at line {i + 1}: more lines than the hunk at line "
                f"{header} announces ({old_count} old, {new_count} new)"
            )
        f.hunks.append(Hunk(old_start, old_count, new_start, new_count, tuple(removed), tuple(added)))
        f.bodies.append(tuple(body))
        return i

    def _is_stray_body(self, i: int) -> bool:
        line = self.lines[i]
        if line[:1] not in (" ", "+", "-"):
            return False
        if line == "-- ":  # the signature separator of git format-patch
            return False
        return not (line.startswith("--- ") and self._at(i + 1).startswith("+++ "))


def _timestamp(field_text: str) -> str:
    return field_text.partition("\t")[2].strip()


def _path_token(field_text: str, lineno: int) -> str:
    """A path as written after ``---``/``rename from``: quoted, or cut at a tab."""
    if field_text.startswith('"'):
        return _unquote(field_text, lineno)[0]
    return field_text.split("\t", 1)[0]


def _unquote(text: str, lineno: int) -> tuple[str, str]:
    """Undo git's C-style quoting of ``text`` (starting with a quote); → (path, rest)."""
    out = bytearray()
    i = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            # Replacement, not surrogates: a path that is not UTF-8 names no indexed file, and a
            # surrogate would fail later, when the path is written out.
            return out.decode("utf-8", "replace"), text[i + 1 :]
        if c == "\\":
            nxt = text[i + 1 : i + 2]
            octal = text[i + 1 : i + 4]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
            elif len(octal) == 3 and set(octal) <= _OCTAL:
                out.append(int(octal, 8) & 0xFF)
                i += 4
            else:
                raise DiffError(f"malformed diff at line {lineno}: bad escape in the quoted path {text[:_SHOW]!r}")
        else:
            out += c.encode("utf-8", "surrogatepass")
            i += 1
    raise DiffError(f"malformed diff at line {lineno}: unterminated quoted path {text[:_SHOW]!r}")


def _split_git_names(rest: str, lineno: int) -> tuple[str, str]:
    """The two names of a ``diff --git`` line, which git does not delimit when unquoted."""
    if rest.startswith('"'):
        a, tail = _unquote(rest, lineno)
        tail = tail.lstrip(" ")
        return a, (_unquote(tail, lineno)[0] if tail.startswith('"') else tail)
    quote = rest.find(' "')
    if quote > 0:
        return rest[:quote], _unquote(rest[quote + 1 :], lineno)[0]
    # Without a rename both names are the same path: "X/P Y/P" or "P P".
    mid = len(rest) // 2
    if len(rest) % 2 == 1 and rest[mid] == " ":
        left, right = rest[:mid], rest[mid + 1 :]
        if left == right or (_has_prefixes(left, right) and left[2:] == right[2:]):
            return left, right
    cut = rest.find(" b/")
    cut = cut if cut > 0 else rest.find(" ")
    if cut <= 0:
        raise DiffError(f"malformed diff at line {lineno}: cannot read two paths from 'diff --git {rest[:_SHOW]}'")
    return rest[:cut], rest[cut + 1 :]


def _has_prefixes(a: str, b: str) -> bool:
    return a[1:2] == "/" and b[1:2] == "/" and a[:1] != b[:1] and a[:1] in _PREFIX_LETTERS and b[:1] in _PREFIX_LETTERS


def _strip(path: str, prefixed: bool) -> str:
    return path[2:] if prefixed and path[1:2] == "/" else path
