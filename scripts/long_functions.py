#!/usr/bin/env python3
"""Lists every C++ function longer than 80 lines.

    scripts/long_functions.py [PATH ...]

PATH is a .cc file or a folder (searched for .cc files); the default is every .cc file of
the repository outside tests/ and build folders. A function's length counts the lines from
the first line of its signature to its closing brace, both included. Prints one line per
long function, "file:line name length", and exits 1 when there is any, 0 when there is none.

The scan matches braces in the source with comments, string and character literals blanked
out, so it needs no compiler. A '{' outside any function opens a function body when the text
since the previous ';', '{' or '}' ends in a parameter list (with qualifiers, a trailing
return type or a constructor's initializer list after it); class, namespace, enum and
initializer braces are not functions. Lambdas and local classes count as part of the
function they are written in; a lambda assigned at namespace scope is not counted.
"""

import bisect
import os
import re
import sys

MAX_LINES = 80
SKIPPED_DIRS = {"tests", ".git", "node_modules", "third_party"}  # third_party: upstream code as it is

# Comments, string literals (raw ones too) and character literals, in one pass so that a
# quote inside a comment or a "//" inside a string is read as what it is.
_TOKEN = re.compile(
    r'//[^\n]*'
    r'|/\*.*?\*/'
    r'|R"(?P<delim>[^()\\\s]{0,16})\(.*?\)(?P=delim)"'
    r'|"(?:\\.|[^"\\\n])*"'
    r"|'(?:\\.|[^'\\\n])*'",
    re.S)
_CONTAINER = re.compile(r'\b(namespace|class|struct|union|enum)\b')
_ACCESS = re.compile(r'\b(public|private|protected)\s*:(?!:)')
_NAME = re.compile(r'(operator\s*(?:\(\)|[^\s(]+)|~?[A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*)\s*'
                   r'(?:<[^()]*>)?\s*$')


def blank(source):
    """The source with comments, literals and preprocessor lines turned into spaces, so
    every offset and line number stays where it was."""
    def spaces(match):
        return re.sub(r'[^\n]', ' ', match.group(0))
    text = _TOKEN.sub(spaces, source)
    # A preprocessor line (with its continuations) holds no function.
    return re.sub(r'^[ \t]*#(?:[^\n]*\\\n)*[^\n]*', spaces, text, flags=re.M)


def split_parens(header):
    """The header's top-level parenthesised groups, as (start, end) offsets."""
    groups, depth, start = [], 0, 0
    for i, c in enumerate(header):
        if c == '(':
            if depth == 0:
                start = i
            depth += 1
        elif c == ')' and depth > 0:
            depth -= 1
            if depth == 0:
                groups.append((start, i))
    return groups


def function_name(header):
    """The function's name when `header` (the text before a '{') is a function signature,
    else None."""
    text = _ACCESS.sub(' ', header)
    if not text.strip() or _CONTAINER.search(text.split('(')[0]):
        return None
    groups = split_parens(text)
    if not groups:
        return None
    # The parameter list is the first group, right after the name; with an '=' before it
    # the brace opens a lambda or an initializer ("auto f = [](int) {", "T x = F({").
    first_open = groups[0][0]
    before = text[:first_open]
    if '=' in re.sub(r'operator\s*[^\s(]*', 'operator', before):
        return None
    match = _NAME.search(before)
    if not match:
        return None
    # After the parameter list come qualifiers, a trailing return type or a constructor's
    # initializer list; an assignment there ("x(1) = {") is no signature.
    after = text[groups[0][1] + 1:]
    initializer_list = re.match(r'\s*(const\s*)?(noexcept)?\s*:(?!:)', after)
    if re.search(r'(?<![=!<>])=(?!=)', after) and not initializer_list:
        return None
    name = re.sub(r'\s+', '', match.group(1))
    # "operator()(...)": the first group is the operator's own parentheses.
    return name + '()' if name.endswith('operator') else name


def matching_brace(code, at):
    """The offset of the '}' closing the '{' at `at` (the end of `code` if none does)."""
    depth = 0
    for i in range(at, len(code)):
        if code[i] == '{':
            depth += 1
        elif code[i] == '}':
            depth -= 1
            if depth == 0:
                return i
    return len(code) - 1


def inside_header(header):
    """Whether a '{' after `header` belongs to the header rather than opening a body: a
    default argument "= {}" inside the parameter list, or a member initialised with braces
    in a constructor's initializer list ("a_{1}")."""
    if header.count('(') > header.count(')'):
        return True
    groups = split_parens(header)
    if not groups:
        return False
    after = header[groups[0][1] + 1:]
    return (re.match(r'\s*(noexcept\s*)?:(?!:)', after) is not None
            and re.search(r'\w\s*$', header) is not None)


def long_functions(text):
    """(line, name, length) for each function in `text` over MAX_LINES lines."""
    code = blank(text)
    found = []
    newlines = [m.start() for m in re.finditer('\n', code)]

    def line_of(offset):
        return bisect.bisect_left(newlines, offset) + 1

    containers = 0  # namespace, class, struct, enum and extern braces open
    statement_start = 0
    i = 0
    while i < len(code):
        c = code[i]
        if c == ';' or (c == '}' and containers):
            if c == '}':
                containers -= 1
            statement_start = i + 1
        elif c == '{':
            header = code[statement_start:i]
            if inside_header(header):
                i = matching_brace(code, i) + 1
                continue
            name = function_name(header)
            if name is None and (_CONTAINER.search(header.split('(')[0])
                                 or re.search(r'\bextern\b', header)):
                containers += 1
                statement_start = i + 1
            else:
                # A function body, or a brace this scan need not look into (an
                # initializer, a lambda at namespace scope): skipped whole.
                end = matching_brace(code, i)
                if name is not None:
                    signature = last_access_end(header)
                    start = statement_start + signature + (len(header[signature:]) -
                                                           len(header[signature:].lstrip()))
                    length = line_of(end) - line_of(start) + 1
                    if length > MAX_LINES:
                        found.append((line_of(start), name, length))
                statement_start = end + 1
                i = end + 1
                continue
        i += 1
    return found


def last_access_end(header):
    """Where the signature starts in `header`: after any "public:"-style label."""
    end = 0
    for match in _ACCESS.finditer(header):
        end = match.end()
    return end


def sources(paths, root):
    if not paths:
        paths = [root]
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs
                             if d not in SKIPPED_DIRS and not d.startswith('build'))
            for f in sorted(files):
                if f.endswith('.cc'):
                    yield os.path.join(folder, f)


def main(argv):
    root = os.path.relpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    any_found = False
    for path in sources(argv[1:], root):
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        for line, name, length in long_functions(text):
            print(f"{os.path.normpath(path)}:{line} {name} {length}")
            any_found = True
    return 1 if any_found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
