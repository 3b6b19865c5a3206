#!/usr/bin/env python3
"""Fails when a file under Sources/ is over 400 lines or a Swift function there is over 60 lines.

  scripts/check-sizes.py [ROOT]          -> prints each breach as path:line, exits 1 if any
  scripts/check-sizes.py --list [ROOT]   -> every function over 40 lines, longest first (no failure)

`make lint` runs it (and so does CI). Lines are counted as `wc -l` counts them, for Swift, C and
headers alike. A function is a func/init/deinit/subscript with a body, measured from its
keyword's line to its closing brace, inclusive, after strings and comments are blanked (so a
brace in a string or a comment is not taken for code).

Why: small rooms are easy to read and to change, and sizes crept back after every split that was
not checked (16 long functions, split to 5, back to 10 within one wave of work).

The allow-list is short and each entry says why; anything else over a limit fails.
"""
import bisect
import os
import re
import sys

MAX_FUNCTION = 60
MAX_FILE = 400

# path relative to the root, and function name -> why it may be longer.
ALLOWED_FUNCTIONS = {
    ("Sources/AlbumReportCore/Feed/JSONSyntax.swift", "Scanner.value"):
        "the JSON scanner's state machine: one switch over the byte that starts a value, read whole",
}
ALLOWED_FILES = {}

KEYWORD = re.compile(r'(?<![\w.$])(func|init|deinit|subscript)(?![\w$])')
OWNER = re.compile(r'(?<![\w.$])(struct|class|enum|actor|protocol|extension)\s+([A-Za-z_][\w.]*)')
GOES_ON = re.compile(r'\s*(\{|->|-|throws|rethrows|async|where|&|,|\)|\.|:)')


def blank(src):
    """`src` with every string literal and comment replaced by spaces (newlines kept)."""
    out, n = list(src), len(src)

    def clear(a, b):
        for k in range(a, b):
            if out[k] != '\n':
                out[k] = ' '

    def string_end(i, hashes):
        multi = src.startswith('"""', i)
        j = i + (3 if multi else 1)
        term, esc = ('"""' if multi else '"') + '#' * hashes, '\\' + '#' * hashes
        while j < n:
            if src.startswith(esc, j):
                k = j + len(esc)
                if k < n and src[k] == '(':
                    j = code(k + 1, True)
                    continue
                j = k + 1
            elif src.startswith(term, j):
                return j + len(term)
            elif not multi and src[j] == '\n':
                return j
            else:
                j += 1
        return n

    def code(i, interpolation):
        depth = 0
        while i < n:
            c = src[i]
            if src.startswith('//', i):
                j = src.find('\n', i)
                j = n if j < 0 else j
                clear(i, j)
                i = j
            elif src.startswith('/*', i):
                j, d = i + 2, 1
                while j < n and d:
                    if src.startswith('/*', j):
                        d, j = d + 1, j + 2
                    elif src.startswith('*/', j):
                        d, j = d - 1, j + 2
                    else:
                        j += 1
                clear(i, j)
                i = j
            elif c in '#"':
                j = i
                while j < n and src[j] == '#':
                    j += 1
                if j < n and src[j] == '"':
                    e = string_end(j, j - i)
                    clear(i, e)
                    i = e
                else:
                    i += 1
            else:
                if interpolation and c == '(':
                    depth += 1
                elif interpolation and c == ')':
                    if depth == 0:
                        return i + 1
                    depth -= 1
                i += 1
        return n

    code(0, False)
    return ''.join(out)


def closing(s, i):
    depth = 0
    for j in range(i, len(s)):
        if s[j] == '{':
            depth += 1
        elif s[j] == '}':
            depth -= 1
            if depth == 0:
                return j
    return -1


def body(s, i):
    """Where the body of the declaration whose signature starts at `i` opens; -1 if it has none."""
    paren = 0
    while i < len(s):
        c = s[i]
        if c in '([':
            paren += 1
        elif c in ')]':
            paren -= 1
        elif c == '{':
            if paren == 0:
                return i
            i = closing(s, i)
            if i < 0:
                return -1
        elif c == '}' and paren == 0:
            return -1
        elif c == '\n' and paren == 0:
            k = i + 1
            while k < len(s) and s[k] in ' \t\n':
                k += 1
            if not GOES_ON.match(s, k):
                return -1
            i = k
            continue
        i += 1
    return -1


def functions(path):
    """(length, first line, last line, Owner.name) of every function with a body in `path`."""
    with open(path, encoding='utf-8', errors='replace') as file:
        s = blank(file.read())
    starts = [0] + [m.end() for m in re.finditer('\n', s)]

    def line(position):
        return bisect.bisect_right(starts, position)

    owners = []
    for m in OWNER.finditer(s):
        b = body(s, m.end())
        e = closing(s, b) if b >= 0 else -1
        if e >= 0:
            owners.append((m.start(), e, m.group(2)))
    for m in KEYWORD.finditer(s):
        b = body(s, m.end())
        e = closing(s, b) if b >= 0 else -1
        if e < 0:
            continue
        name = m.group(1)
        if name == 'func':
            found = re.match(r'\s+([^\s(<]+)', s[m.end():m.end() + 200])
            name = found.group(1) if found else '?'
        inside = [o for o in owners if o[0] < m.start() < o[1]]
        owner = max(inside)[2] + '.' if inside else ''
        yield line(e) - line(m.start()) + 1, line(m.start()), line(e), owner + name


def source_files(root):
    for folder, folders, files in os.walk(os.path.join(root, 'Sources')):
        folders.sort()
        for name in sorted(files):
            if name.endswith(('.swift', '.c', '.h')):
                yield os.path.join(folder, name)


def main(arguments):
    listing = '--list' in arguments
    rest = [a for a in arguments if a != '--list']
    root = rest[0] if rest else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    breaches, long_functions = [], []
    for path in source_files(root):
        relative = os.path.relpath(path, root)
        with open(path, 'rb') as file:
            lines = file.read().count(b'\n')
        if lines > MAX_FILE and relative not in ALLOWED_FILES:
            breaches.append(f'{relative}: {lines} lines (at most {MAX_FILE} a file: split it by concern)')
        if not path.endswith('.swift'):
            continue
        for length, first, last, name in functions(path):
            long_functions.append((length, f'{relative}:{first}-{last}', name))
            if length > MAX_FUNCTION and (relative, name) not in ALLOWED_FUNCTIONS:
                breaches.append(
                    f'{relative}:{first}: {name} is {length} lines (at most {MAX_FUNCTION} a function: split it)')
    if listing:
        for length, where, name in sorted(long_functions, reverse=True):
            if length > 40:
                print(f'{length}\t{where}\t{name}')
        return 0
    for breach in breaches:
        print(breach, file=sys.stderr)
    if breaches:
        print(f'check-sizes: {len(breaches)} over the limits (scripts/check-sizes.py says why they exist).',
              file=sys.stderr)
        return 1
    print(f'check-sizes: every file under Sources/ within {MAX_FILE} lines, every function within '
          f'{MAX_FUNCTION} ({len(ALLOWED_FUNCTIONS)} allowed: {", ".join(n for _, n in ALLOWED_FUNCTIONS)}).')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
