"""TROWMIN, TCOLMIN, TROWEXPANDMAX/MIN, TCOLEXPAND and TCOLEXPANDSUB/DIV/MAX/MIN/EXPDIF on a5,
every element type each allows there (tcolmin: all 8-32 bit integers and bf16), with NaN,
+-inf, -0.0 and integer extremes, partial valid regions, non-square tiles and the three
spellings (tests/reference/minmax_expand.py has the rules)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.minmax_expand import Op, Tile, generate_case, make_case

FORMS = ("sync", "ssa", "dps")


def ops():
    out = [
        Op("rowmin_f32", "trowmin", "f32", "dps", Tile(16, 40, (15, 37)), Tile(16, 1, dn=True)),
        Op("rowmin_f16", "trowmin", "f16", "sync", Tile(16, 48, (14, 45)), Tile(16, 16, (14, 1))),
        Op("colmin_i8", "tcolmin", "i8", "dps", Tile(16, 64, (15, 60)), Tile(1, 64)),
        Op("colmin_i16", "tcolmin", "i16", "ssa", Tile(20, 32, (17, 30)), Tile(1, 32)),
        Op("colmin_i32", "tcolmin", "i32", "sync", Tile(9, 24, (9, 21)), Tile(1, 24)),
        Op("colmin_ui8", "tcolmin", "ui8", "ssa", Tile(8, 32, (7, 32)), Tile(1, 32)),
        Op("colmin_ui16", "tcolmin", "ui16", "dps", Tile(11, 48, (10, 47)), Tile(1, 48)),
        Op("colmin_ui32", "tcolmin", "ui32", "sync", Tile(5, 16, (5, 9)), Tile(1, 16)),
        Op("colmin_f16", "tcolmin", "f16", "dps", Tile(12, 32, (11, 32)), Tile(1, 32)),
        Op("colmin_bf16", "tcolmin", "bf16", "sync", Tile(14, 16, (13, 16)), Tile(1, 16)),
        Op("colmin_f32", "tcolmin", "f32", "ssa", Tile(13, 16, (12, 15)), Tile(1, 16)),
        Op("rowexpandmax_f32", "trowexpandmax", "f32", "ssa", Tile(12, 24),
           Tile(12, 24, (11, 20)), Tile(16, 1, dn=True)),
        Op("rowexpandmax_f16", "trowexpandmax", "f16", "dps", Tile(10, 32),
           Tile(10, 32, (9, 30)), Tile(16, 16)),
        Op("rowexpandmin_f32", "trowexpandmin", "f32", "sync", Tile(10, 16),
           Tile(10, 16, (10, 13)), Tile(12, 8)),
        Op("rowexpandmin_f16", "trowexpandmin", "f16", "ssa", Tile(12, 64),
           Tile(12, 64, (11, 50)), Tile(16, 1, dn=True)),
    ]
    n = 0
    for kind in ("sub", "div", "max", "min", "expdif"):
        for dt, cols in (("f32", 24), ("f16", 48)):
            out.append(Op(f"colexpand{kind}_{dt}", f"tcolexpand{kind}", dt, FORMS[(n + 1) % 3],
                          Tile(7, cols), Tile(7, cols, (6, cols - 5)), Tile(1, cols)))
            n += 1
    for dt, cols in (("i8", 64), ("i16", 32), ("i32", 16), ("ui8", 32), ("ui16", 48),
                     ("ui32", 8), ("f16", 16), ("bf16", 32), ("f32", 24)):
        out.append(Op(f"colexpand_{dt}", "tcolexpand", dt, FORMS[(n + 1) % 3], Tile(2, cols),
                      Tile(5, cols, (4, cols - 3))))
        n += 1
    return out


OPS = ops()
CASE = make_case(OPS, "a5")


def generate(out_dir):
    generate_case(out_dir, OPS, 6602)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
