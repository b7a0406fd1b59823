"""How ptoas and ptorun write their outputs (common/output_file.h): through symbolic links,
into FIFOs and /dev/stdout without replacing them, with the umask or the replaced file's
mode, never over a file the user may not write or over one of their inputs."""
import os
import signal
import stat
import subprocess
import sys
import threading
import time

import tool_work  # tests/tool_work.py: the scripts' shared arguments

KERNEL = """module {
  func.func @k(%x: !pto.ptr<f32>) {
    return
  }
}
"""


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, **kw)


def main():
    a = tool_work.parse_and_enter_work()
    failures = []

    def check(what, ok):
        if not ok:
            failures.append(what)
            print("FAIL", what)

    with open("k.pto", "w") as f:
        f.write(KERNEL)
    os.umask(0o027)
    r = run([a.ptoas, "k.pto", "-o", "k.ptobc"])
    check("assemble", r.returncode == 0)
    check("new file gets 0666 less the umask", stat.S_IMODE(os.stat("k.ptobc").st_mode) == 0o640)
    bytecode = open("k.ptobc", "rb").read()

    # A link is written through: the link stays, its target gets the contents and keeps its mode.
    with open("target.ptobc", "wb") as f:
        f.write(b"old")
    os.chmod("target.ptobc", 0o604)
    os.symlink("target.ptobc", "link.ptobc")
    r = run([a.ptoas, "k.pto", "-o", "link.ptobc"])
    check("write through a link", r.returncode == 0 and os.path.islink("link.ptobc")
          and open("target.ptobc", "rb").read() == bytecode)
    check("replaced file keeps its mode", stat.S_IMODE(os.stat("target.ptobc").st_mode) == 0o604)

    # A dangling link creates its target.
    os.symlink("made.ptobc", "dangling.ptobc")
    r = run([a.ptoas, "k.pto", "-o", "dangling.ptobc"])
    check("dangling link", r.returncode == 0 and os.path.islink("dangling.ptobc")
          and open("made.ptobc", "rb").read() == bytecode)

    # A FIFO is written into, not replaced.
    os.mkfifo("fifo")
    got = []
    reader = threading.Thread(target=lambda: got.append(open("fifo", "rb").read()))
    reader.start()
    r = run([a.ptoas, "k.pto", "-o", "fifo"], timeout=30)
    reader.join(30)
    check("FIFO", r.returncode == 0 and stat.S_ISFIFO(os.lstat("fifo").st_mode)
          and got == [bytecode])

    # /dev/stdout into a pipe: the output arrives on the pipe.
    r = run([a.ptorun, "k.ptobc", "zeros:4", "--out", "1=/dev/stdout"])
    check("ptorun --out 1=/dev/stdout", r.returncode == 0 and r.stdout == bytes(16))
    r = run([a.ptoas, "-d", "k.ptobc", "-o", "/dev/stdout"])
    check("ptoas -d -o /dev/stdout", r.returncode == 0 and r.stdout.startswith(b"// Listing"))

    # /dev/stdout redirected to a file: written at the descriptor's offset, in its append
    # mode, never reopened with O_TRUNC (which would drop what came before).
    sh = f"{{ echo HEADER; {a.ptorun} k.ptobc zeros:4 --out 1=/dev/stdout; echo FOOTER; }} > f"
    r = run(["sh", "-c", sh])
    check("ptorun --out 1=/dev/stdout between two echoes", r.returncode == 0
          and open("f", "rb").read() == b"HEADER\n" + bytes(16) + b"FOOTER\n")
    with open("log", "w") as f:
        f.write("kept\n")
    r = run(["sh", "-c", f"{a.ptorun} k.ptobc zeros:4 --trace /dev/stdout >> log"])
    check("ptorun --trace /dev/stdout >> log", r.returncode == 0
          and open("log").read().startswith("kept\n") and len(open("log").read()) > 5)
    r = run(["sh", "-c", f"{a.ptoas} -d k.ptobc -o /dev/stdout >> log"])
    check("ptoas -d -o /dev/stdout >> log", r.returncode == 0
          and open("log").read().startswith("kept\n") and "// Listing" in open("log").read())
    r = run(["sh", "-c", f"{a.ptorun} k.ptobc zeros:4 --out 1=/dev/fd/3 3>>log"])
    check("ptorun --out 1=/dev/fd/3 3>>log", r.returncode == 0
          and open("log", "rb").read().endswith(bytes(16)))

    # An output that is an input, also through a link or another spelling: refused (exit 2).
    before = open("k.pto").read()
    for out in ["k.pto", "./k.pto"]:
        r = run([a.ptoas, "k.pto", "-o", out])
        check(f"ptoas -o {out} refused", r.returncode == 2 and b"is the input" in r.stderr)
    os.symlink("k.ptobc", "k-link.ptobc")
    r = run([a.ptorun, "k.ptobc", "zeros:4", "--out", "1=k-link.ptobc"])
    check("ptorun --out onto its program refused", r.returncode == 2
          and open("k.ptobc", "rb").read() == bytecode)
    with open("in.bin", "wb") as f:
        f.write(bytes(16))
    r = run([a.ptorun, "k.ptobc", "in.bin", "--out", "1=in.bin"])
    check("ptorun --out onto an argument refused", r.returncode == 2)
    for flags in (["--profile=in.bin"], ["--timeline", "in.bin"], ["--trace", "in.bin"]):
        r = run([a.ptorun, "k.ptobc", "in.bin", *flags])
        check(f"ptorun {' '.join(flags)} onto an argument refused",
              r.returncode == 2 and open("in.bin", "rb").read() == bytes(16))
    # SIGTERM while an output is written: the temporary file beside it goes too. A 1 GiB
    # output takes long enough to write that the signal comes while its temporary exists.
    with open("big.pto", "w") as f:
        f.write("module {\n  func.func @keep(%x: !pto.ptr<i64>) {\n    return\n  }\n}\n")
    run([a.ptoas, "big.pto", "-o", "big.ptobc"])
    proc = subprocess.Popen([a.ptorun, "big.ptobc", "zeros:134217728", "--out", "1=big.bin"],
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline and \
            not [n for n in os.listdir(".") if n.startswith("big.bin.tmp")]:
        time.sleep(0.001)
    saw_temporary = proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    proc.wait(60)
    check("SIGTERM while writing an output leaves no temporary file",
          not saw_temporary or not [n for n in os.listdir(".") if ".tmp" in n])
    if os.path.exists("big.bin"):
        os.remove("big.bin")

    # Two outputs naming one file that does not exist yet, in other spellings: refused before
    # the run (exit 2), nothing written.
    os.makedirs("sub", exist_ok=True)
    for stale in ("new.json", "new.bin", "new1.bin", "sub/new1.bin"):
        if os.path.exists(stale):
            os.remove(stale)
    for pair in ([["--trace", "new.json"], ["--timeline", "new.json"]],
                 [["--out", "1=new.bin"], ["--out", "1=./new.bin"]],
                 [["--out", "1=new.bin"], ["--trace", "sub/../new.bin"]]):
        r = run([a.ptorun, "k.ptobc", "zeros:4", *pair[0], *pair[1]])
        check(f"ptorun {pair} onto one new file refused", r.returncode == 2
              and b"are the same file" in r.stderr and not os.path.exists("new.json")
              and not os.path.exists("new.bin"))
    r = run([a.ptorun, "k.ptobc", "zeros:4", "--out", "1=new1.bin", "--trace", "sub/new1.bin"])
    check("two new files of one name in two directories", r.returncode == 0
          and os.path.exists("new1.bin") and os.path.exists("sub/new1.bin"))
    # --profile takes no value of its own: the kernel's argument after it stays one.
    r = run([a.ptorun, "k.ptobc", "--profile", "zeros:4", "--timeline", "/dev/stdout"])
    check("ptorun --profile before an argument", r.returncode == 0
          and b"ptorun: profile:" in r.stderr and r.stdout.startswith(b'{"displayTimeUnit"'))
    r = run([a.ptorun, "k.ptobc", "zeros:4", "--profile="])
    check("ptorun --profile= without a file", r.returncode == 2 and b"needs a file" in r.stderr)
    check("input untouched", open("k.pto").read() == before)

    # A directory, or a missing directory, is an error (exit 1), and nothing is written.
    r = run([a.ptoas, "k.pto", "-o", "."])
    check("directory output", r.returncode == 1 and b"Is a directory" in r.stderr)
    r = run([a.ptoas, "k.pto", "-o", "nodir/x.ptobc"])
    check("missing directory", r.returncode == 1)

    # A file the user may not write is not replaced, even in a directory where the rename
    # would be allowed. Root may write anything, so as root the case runs as nobody.
    os.makedirs("open_dir", exist_ok=True)
    os.chmod("open_dir", 0o777)
    os.chmod("k.pto", 0o644)
    target = os.path.join("open_dir", "ro.ptobc")
    with open(target, "wb") as f:
        f.write(b"keep")
    as_user = []
    if os.geteuid() == 0:
        os.chmod(target, 0o644)  # root's file: nobody may not write it
        as_user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    else:
        os.chmod(target, 0o444)
    try:
        r = run(as_user + [a.ptoas, "k.pto", "-o", target])
    except FileNotFoundError:  # no setpriv
        r = None
    if r is not None and b"Permission denied" in r.stderr and b"k.pto" in r.stderr:
        print("skipped the read-only case: nobody cannot read the build")
    else:
        check("read-only target", r is not None and r.returncode == 1 and
              open(target, "rb").read() == b"keep")
    check("no temporary files left", not [n for n in os.listdir(".") if ".tmp" in n])

    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
