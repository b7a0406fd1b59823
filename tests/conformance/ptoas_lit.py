"""The lit half of tests/conformance/ptoas.py: every ptoas invocation of a PTOAS lit test.

A lit file says in its `// RUN:` lines how PTOAS is run on it and whether PTOAS accepts it:
`not ptoas ...` (or the shell's `! ptoas ...`) expects a refusal, `ptoas ...` success. One file
may run ptoas several times (other architectures, `split-file` sections, a `sed` rewrite of
itself); each invocation is one case here, judged by the same verdict with the invocation's
`--pto-arch`. A RUN line that
ignores ptoas's exit (`|| true`) is a negative when what it checks says `error`.
"""
import re
import shlex
from pathlib import Path

# The lit groups: test/lit/<group>/..., and which issue of ours covers each.
GROUPS = ("pto", "tile_fusion", "vpto", "vmi_new")


def run_lines(text):
    """The RUN commands of a lit file, continuation lines joined."""
    commands, pending = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            pending += part[:-1] + " "
            continue
        commands.append((pending + part).strip())
        pending = ""
    if pending:
        commands.append(pending.strip())
    return commands


def split_sections(text):
    """split-file's sections: {name: text}. A section keeps its line numbers' offset by
    starting with blank lines, as split-file does without --no-leading-lines."""
    sections, name, start, lines = {}, None, 0, text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"//---\s+(\S+)\s*$", line)
        if m:
            if name is not None:
                sections[name] = "\n" * start + "\n".join(lines[start:i]) + "\n"
            name, start = m.group(1), i + 1
    if name is not None:
        sections[name] = "\n" * start + "\n".join(lines[start:]) + "\n"
    return sections


def check_prefix_mentions_error(text, prefix):
    """Whether the lines FileCheck checks for PREFIX mention an error."""
    pat = re.compile(r"//\s*" + re.escape(prefix) + r"(?:-NEXT|-SAME|-DAG|-LABEL)?:(.*)")
    return any("error" in m.group(1).lower() for m in pat.finditer(text))


def parse_invocation(command):
    """(negative, ignores_exit, args, prefix, sed) for the ptoas call in one RUN command, or
    None. args are ptoas's own arguments; sed is (pattern, replacement, target) when the
    command first rewrites %s with sed into target."""
    # `not ptoas` or the shell's `! ptoas`: a refusal is expected.
    m = re.search(r"(?:^|[\s({;&|])(not\s+|!\s+)?ptoas\s+([^|;&)}]*)", command)
    if not m:
        return None
    negative = m.group(1) is not None
    ignores_exit = bool(re.search(r"\|\|\s*true", command))
    try:
        args = shlex.split(m.group(2))
    except ValueError:
        args = m.group(2).split()
    args = [a for a in args if not re.match(r"^\d?>", a) and a != "2>&1"]
    prefix = "CHECK"
    fc = re.search(r"FileCheck\s+[^|]*?--check-prefix(?:es)?[= ](\S+)", command)
    if fc:
        prefix = fc.group(1).split(",")[0]
    sed = None
    s = re.search(r"sed\s+-E\s+'s/(.*?)/(.*?)/g'\s+%s\s*>\s*(\S+)", command)
    if s:
        sed = (s.group(1), s.group(2), s.group(3))
    return negative, ignores_exit, args, prefix, sed


def input_of(args):
    """The input argument among ptoas's arguments (the first that is not an option or an
    option's value)."""
    takes_value = {"-o", "--pto-arch", "--pto-level", "--pto-backend", "--plan-memory-impl"}
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in takes_value:
            skip = True
            continue
        if a.startswith("-"):
            continue
        return a
    return None


def arch_of(args):
    """The RUN line's --pto-arch as it is written (a2, a3 or a5), or None. It is passed on
    as written: ptoas then decides as PTOAS does (a module's pto.target_arch, or a
    pto.device-spec naming an A5 part, before the command line; PTOAS's default a3 last)."""
    for i, a in enumerate(args):
        if a.startswith("--pto-arch="):
            return a.split("=", 1)[1]
        if a == "--pto-arch" and i + 1 < len(args):
            return args[i + 1]
    return None


# The --pto-level values PTOAS accepts (in any case); it reads and verifies the module before
# it looks at the level, so a module run with another value is refused for its own errors
# first, and the runner then judges the module alone.
LEVELS = ("level1", "level2", "level3")


def level_of(args):
    """The RUN line's --pto-level when PTOAS accepts it, else None (ptoas then accepts tiles
    with and without addresses, where PTOAS's default level2 refuses addresses)."""
    for i, a in enumerate(args):
        value = None
        if a.startswith("--pto-level="):
            value = a.split("=", 1)[1]
        elif a == "--pto-level" and i + 1 < len(args):
            value = args[i + 1]
        if value is not None:
            return value if value.lower() in LEVELS else None
    return None


def cases_of_file(path, root):
    """The ptoas invocations of one lit file: dicts with the name, the source text to
    assemble, whether PTOAS refuses it, the architecture and the build level."""
    text = path.read_text(encoding="utf-8", errors="replace")
    rel = path.relative_to(root).as_posix()
    sections = None
    cases = []
    for n, command in enumerate(run_lines(text)):
        parsed = parse_invocation(command)
        if parsed is None:
            continue
        negative, ignores_exit, args, prefix, sed = parsed
        target = input_of(args)
        if target is None:
            continue
        if target == "%s":
            source, label = text, rel
        elif sed and target == sed[2]:
            pattern = sed[0]
            source = re.sub(pattern, sed[1], text)
            label = rel + " (sed)"
        elif target.startswith("%t/"):
            if sections is None:
                sections = split_sections(text)
            name = target[3:]
            if name not in sections:
                continue
            source, label = sections[name], f"{rel}:{name}"
        elif target.startswith("%S/"):
            other = path.parent / target[3:]
            if not other.exists():
                continue
            source, label = other.read_text(encoding="utf-8", errors="replace"), f"{rel}->{target[3:]}"
        else:
            continue
        if ignores_exit:
            negative = check_prefix_mentions_error(text, prefix)
        cases.append({"name": f"{label}#{n + 1}", "file": rel, "source": source,
                      "negative": negative, "arch": arch_of(args),
                      "level": level_of(args), "group": rel.split("/")[0]})
    return cases


NOT_APPLICABLE = Path(__file__).resolve().parent / "ptoas_lit_not_applicable.txt"


def not_applicable():
    """{case name: reason} for the negatives that fail in PTOAS only for a pass or an option
    that has no meaning for ptoas (ptoas_lit_not_applicable.txt: a case name, then the
    reason; '//' starts a comment line)."""
    table = {}
    for line in NOT_APPLICABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        name, _, reason = line.strip().partition(" ")
        table[name] = reason.strip()
    return table


def find_cases(repo, pattern=None):
    root = Path(repo) / "test" / "lit"
    cases = []
    for path in sorted(root.rglob("*.pto")):
        rel = path.relative_to(root).as_posix()
        if pattern and pattern not in rel:
            continue
        cases.extend(cases_of_file(path, root))
    excluded = not_applicable()
    for case in cases:
        if case["negative"] and case["name"] in excluded:
            case["not_applicable"] = excluded[case["name"]]
    return cases
