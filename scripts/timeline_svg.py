"""Draws a ptorun --timeline file as an SVG picture: a row per track (block, core, pipe), a box
per instruction at its estimated start, arrows from each set to the wait it released. For a
glance without Perfetto, and for the README's picture.

    timeline_svg.py TIMELINE.json OUT.svg [--width PIXELS]
"""
import argparse
import html
import json

COLOURS = {"PIPE_S": "#9e9e9e", "PIPE_V": "#4c78a8", "PIPE_M": "#e45756", "PIPE_MTE1": "#72b7b2",
           "PIPE_MTE2": "#54a24b", "PIPE_MTE3": "#f58518", "PIPE_FIX": "#b279a2"}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("timeline")
    p.add_argument("out")
    p.add_argument("--width", type=int, default=900)
    args = p.parse_args()
    with open(args.timeline) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    slices = [e for e in events if e["ph"] == "X"]
    tracks = sorted({(e["pid"], e["tid"]) for e in slices})
    cycles = max(trace["otherData"]["cycles"], 1)
    left, row, top = 170, 26, 30
    scale = (args.width - left - 20) / cycles
    height = top + row * len(tracks) + 40
    y = {t: top + i * row for i, t in enumerate(tracks)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{args.width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{left}" y="16">estimated cycles: {cycles} '
           f'({cycles / trace["otherData"]["clock_hz"] * 1e6:.2f} us)</text>']
    for t in tracks:
        label = names.get(t, str(t))
        if len({p for p, _ in tracks}) > 1:
            label = f"block {t[0]} {label}"
        out.append(f'<text x="4" y="{y[t] + 16}">{html.escape(label)}</text>')
        out.append(f'<line x1="{left}" x2="{args.width - 20}" y1="{y[t] + row - 2}" '
                   f'y2="{y[t] + row - 2}" stroke="#eee"/>')
    for e in slices:
        x = left + e["args"]["start"] * scale
        w = max(e["args"]["cycles"] * scale, 1)
        colour = COLOURS.get(e.get("cat"), "#888")
        tip = html.escape(f'{e["name"]} {e["args"].get("at", "")}: {e["args"]["cycles"]} cycles')
        out.append(f'<rect x="{x:.1f}" y="{y[(e["pid"], e["tid"])] + 3}" width="{w:.1f}" '
                   f'height="{row - 8}" fill="{colour}"><title>{tip}</title></rect>')
        if w > 7 * len(e["name"]):
            out.append(f'<text x="{x + 3:.1f}" y="{y[(e["pid"], e["tid"])] + 16}" fill="white">'
                       f'{html.escape(e["name"])}</text>')
    starts = {e["id"]: e for e in events if e["ph"] == "s"}
    us_to_cycles = trace["otherData"]["clock_hz"] / 1e6
    for e in events:
        if e["ph"] != "f" or e["id"] not in starts:
            continue
        s = starts[e["id"]]
        x1, x2 = left + s["ts"] * us_to_cycles * scale, left + e["ts"] * us_to_cycles * scale
        y1, y2 = y[(s["pid"], s["tid"])] + row / 2, y[(e["pid"], e["tid"])] + row / 2
        out.append(f'<line x1="{x1:.1f}" y1="{y1}" x2="{x2:.1f}" y2="{y2}" stroke="black" '
                   f'stroke-width="1" marker-end="url(#arrow)"/>')
    out.insert(1, '<defs><marker id="arrow" markerWidth="6" markerHeight="6" refX="6" refY="3" '
                  'orient="auto"><path d="M0,0 L6,3 L0,6 z"/></marker></defs>')
    axis = top + row * len(tracks) + 14
    for k in range(6):
        c = cycles * k // 5
        out.append(f'<text x="{left + c * scale:.1f}" y="{axis}" text-anchor="middle">{c}</text>')
    out.append("</svg>")
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
