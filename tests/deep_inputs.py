"""Hostile sources that nest deep or hold many functions, for the robustness tests and the
fuzzers' seeds: the assembler must answer each with a located error (or assemble it), never
overflow its stack. Each function returns the text of one program."""


def nested_loops(depth):
    """scf.for nested `depth` deep."""
    head = ("func.func @main() {\n  %c0 = arith.constant 0 : index\n"
            "  %c1 = arith.constant 1 : index\n")
    loops = "".join(f"scf.for %i{i} = %c0 to %c1 step %c1 {{\n" for i in range(depth))
    return head + loops + "}\n" * depth + "  return\n}\n"


def nested_ifs(depth):
    """scf.if nested `depth` deep."""
    return ("func.func @main(%b: i1) {\n" + "scf.if %b {\n" * depth + "}\n" * depth +
            "  return\n}\n")


def nested_parens(depth):
    """An operand inside `depth` parentheses."""
    return ("func.func @main() {\n  %c = arith.constant " + "(" * depth + "0" + ")" * depth +
            " : index\n  return\n}\n")


def nested_angles(depth):
    """A parameter type inside `depth` angle brackets."""
    return ("func.func @main(%a: " + "!pto.ptr<" * depth + "f32" + ">" * depth +
            ") {\n  return\n}\n")


def nested_modules(depth):
    return "module {\n" * depth + "func.func @main() {\n  return\n}\n" + "}\n" * depth


def alias_chain(length):
    """Each type alias names the one before it; the last is used."""
    aliases = "!a0 = !pto.ptr<f32>\n" + "".join(f"!a{i} = !a{i - 1}\n" for i in range(1, length))
    return aliases + f"func.func @main(%p: !a{length - 1}) {{\n  return\n}}\n"


def many_functions(count):
    """`count` private functions and a public @main."""
    return ("".join(f"func.func private @f{i}() {{\n  return\n}}\n" for i in range(count)) +
            "func.func @main() {\n  return\n}\n")


def deep_cases(scale):
    """(name, text) of every deep case, `scale` times the assembler's nesting limit (256) deep."""
    d = 256 * scale
    return [("deep-loops", nested_loops(d)), ("deep-ifs", nested_ifs(d)),
            ("deep-parens", nested_parens(d)), ("deep-angles", nested_angles(d)),
            ("deep-modules", nested_modules(d)), ("alias-chain", alias_chain(d))]
