"""The tools that reason about instructions (interp/check, interp/observe) name no opcode:
what an instruction does for them is a role of the instruction table (PTO_ROLE rows of
common/isa/opcodes.def, common/isa/roles.h), so adding an instruction never edits a tool.
Exits 1 naming each Opcode::k... outside the tools' unit tests.

    opcode_literals.py --root DIR      check the tree
    opcode_literals.py --self-test     the check finds a literal planted in a scratch tree
"""
import argparse
import os
import re
import sys
import tempfile

TOOL_DIRS = ("interp/check", "interp/observe")
LITERAL = re.compile(r"\bOpcode::k[A-Z]\w*")


def literals(root):
    """[(path, line number, literal)] in the tools' sources (not their *_test.cc)."""
    found = []
    for tool_dir in TOOL_DIRS:
        base = os.path.join(root, tool_dir)
        for dirpath, _, names in os.walk(base):
            for name in sorted(names):
                if not name.endswith((".cc", ".h")) or name.endswith("_test.cc"):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        code = line.split("//")[0]
                        for m in LITERAL.finditer(code):
                            found.append((os.path.relpath(path, root), number, m.group(0)))
    return found


def self_test():
    planted = os.path.join(TOOL_DIRS[0], "planted" + ".cc")  # a scratch file, not one of ours
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, TOOL_DIRS[0]))
        with open(os.path.join(root, planted), "w") as f:
            f.write("bool Waits(Opcode op) { return op == Opcode::kWaitFlag; }  // Opcode::kNo\n")
        found = literals(root)
        assert found == [(planted, 1, "Opcode::kWaitFlag")], found
    print("opcode_literals: the planted literal is found")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    found = literals(args.root)
    for path, number, literal in found:
        print(f"{path}:{number}: names {literal}: give the instruction a role (PTO_ROLE in "
              "common/isa/opcodes.def) and ask RoleOf")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
