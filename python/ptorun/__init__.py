"""Assemble PTO kernels and run them on numpy arrays, on the CPU.

    import numpy as np, ptorun
    k = ptorun.assemble("scale.pto")              # a path, source text, or a list to link
    x = np.arange(256, dtype=np.float32)
    y = k.run(x, (256,), k=2.5)                   # a shape allocates an output and returns it
    np.testing.assert_allclose(y, x * 2.5)

Errors are exceptions carrying every message with its file, line and column:
AssemblyError (the source), ArgumentError (arguments that do not fit the kernel), RunError
(a fault during the run, at the instruction's source line) and CheckError (what the NPU would
get wrong: races, missing synchronisation, uninitialised reads; the outputs are written).
"""
import json
import numbers
import os

import numpy as np

from . import _core

__all__ = ["assemble", "load", "Kernel", "Result", "Param", "Diagnostic", "Error",
           "AssemblyError", "ArgumentError", "RunError", "CheckError"]
__version__ = _core.VERSION
FORMAT_VERSION = _core.FORMAT_VERSION

try:  # bf16 arrays may be ml_dtypes.bfloat16 where that package is installed
    import ml_dtypes as _ml_dtypes
except ImportError:  # pragma: no cover - depends on the machine
    _ml_dtypes = None


class Diagnostic:
    """One message: severity ("error", "warning", "note"), file, line, column, message;
    offset is the byte of a bytecode file an error is at (else -1)."""

    __slots__ = ("severity", "file", "line", "column", "message", "offset")

    def __init__(self, severity, file, line, column, message, offset=-1):
        self.severity, self.file, self.line = severity, file, line
        self.column, self.message, self.offset = column, message, offset

    def __str__(self):
        if self.line > 0:
            return f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"
        if self.offset >= 0:
            return f"{self.file}:0x{self.offset:06x}: {self.severity}: {self.message}"
        return f"{self.severity}: {self.message}"

    def __repr__(self):
        return f"Diagnostic({str(self)!r})"


class Error(Exception):
    """A failure of the toolchain: .diagnostics (every message), .text (as the tools print
    them, with source lines and carets)."""

    def __init__(self, diagnostics, text):
        self.diagnostics = diagnostics
        self.text = text
        super().__init__(text.rstrip("\n"))

    @property
    def errors(self):
        return [d for d in self.diagnostics if d.severity == "error"]


class AssemblyError(Error):
    """The source did not assemble or link (ptoas's messages)."""


class ArgumentError(Error, ValueError):
    """An argument does not fit its parameter: its type, size or shape."""


class RunError(Error):
    """The run failed: a fault at an instruction (.file, .line, .column, .message of the
    first error), or a launch ptorun refuses."""

    def __init__(self, diagnostics, text):
        super().__init__(diagnostics, text)
        first = (self.errors or diagnostics or [Diagnostic("error", "", 0, 0, text)])[0]
        self.file, self.line, self.column, self.message = (first.file, first.line,
                                                           first.column, first.message)


class CheckError(RunError):
    """The run finished, but the sanitizer found what the NPU would get wrong (.findings);
    outputs were written, and .result holds the run."""

    def __init__(self, diagnostics, text, result):
        super().__init__(diagnostics, text)
        self.findings = self.errors
        self.result = result


class Param:
    """A kernel parameter: name (without %), kind ("pointer", "memref", "tile", "scalar"),
    dtype (the PTO element type: "f32", "bf16", ...), shape (memrefs and tiles)."""

    __slots__ = ("name", "kind", "dtype", "shape", "_descr")

    def __init__(self, name, kind, dtype, shape, descr):
        self.name, self.kind, self.dtype, self.shape, self._descr = (
            name, kind, dtype, tuple(shape), descr)

    @property
    def numpy_dtype(self):
        """The numpy type of its elements (bf16: ml_dtypes.bfloat16 if installed, else
        uint16 bit patterns; the one-byte MX formats: uint8)."""
        if self.dtype == "bf16" and _ml_dtypes is not None:
            return np.dtype(_ml_dtypes.bfloat16)
        return np.dtype(self._descr)

    def __repr__(self):
        shape = f", shape={self.shape}" if self.shape else ""
        return f"Param(%{self.name}: {self.kind} {self.dtype}{shape})"


def _diagnostics(tuples):
    return [Diagnostic(*t) for t in tuples]


def _failure(cls, message, tool="ptorun"):
    """cls for a problem found here, before the run: one unlocated error, as the tool (ptorun,
    or ptoas for what assembling found) prints it."""
    return cls([Diagnostic("error", "", 0, 0, message)], f"{tool}: error: {message}\n")


# The largest values the run options take, as ptorun's --blocks, --threads (a C int) and
# --max-steps, --trace-limit (2^63 - 1) take them.
_OPTION_MAX = {"blocks": 2**31 - 1, "threads": 2**31 - 1, "max_steps": 2**63 - 1,
               "trace_limit": 2**63 - 1}
# The largest file assemble reads (as ptoas reads its inputs).
_MAX_INPUT_BYTES = 1 << 30


def _check_count(key, value):
    """A run option that counts something: a whole number (int or numpy integer, not a bool
    or a float, which would be cut) from 1 to its largest value."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{key} must be a whole number, not {type(value).__name__} {value!r}")
    if not 1 <= int(value) <= _OPTION_MAX[key]:
        raise ValueError(f"{key} must be from 1 to {_OPTION_MAX[key]}, got {int(value)}")


def _read_input(path):
    """A file's bytes, refused past _MAX_INPUT_BYTES (/dev/zero, an endless pipe)."""
    with open(path, "rb") as f:
        data = f.read(_MAX_INPUT_BYTES + 1)
    if len(data) > _MAX_INPUT_BYTES:
        raise _failure(AssemblyError, f"{path} has more than {_MAX_INPUT_BYTES} bytes; "
                       "assemble reads source and bytecode files up to 1 GiB", tool="ptoas")
    return data


def _inputs(source, name):
    """(name, bytes) pairs of what assemble was given."""
    items = source if isinstance(source, (list, tuple)) else [source]
    out = []
    for n, item in enumerate(items):
        label = name if name and len(items) == 1 else (name or "<text>") + (
            f" {n + 1}" if len(items) > 1 else "")
        # A str is a path unless it holds a line break, or names no file and has spaces (a
        # one-line source); a path that does not exist is a FileNotFoundError.
        if isinstance(item, os.PathLike) or (isinstance(item, str) and "\n" not in item and (
                os.path.exists(item) or not any(c.isspace() for c in item))):
            path = os.fspath(item)
            out.append((path, _read_input(path)))
        elif isinstance(item, str):
            out.append((label, item.encode()))
        elif isinstance(item, (bytes, bytearray)):
            out.append((label, bytes(item)))
        else:
            raise TypeError(f"assemble takes paths, source text or bytecode, not "
                            f"{type(item).__name__}")
    return out


def assemble(source, arch=None, entry=None, name=None, backend=None):
    """Assembles PTO source into a Kernel, as ptoas does.

    source: a path (str or PathLike) of a .pto source, a .ptoo object or a .ptobc
    executable; source text; bytes; or a list of these, linked into one program. arch:
    "a2a3" or "a5" (default: the module's pto.target_arch, else a2a3). entry: the entry
    function when linking. name: what messages call text input (default "<text>"). backend:
    PTOAS's code generator the kernel is built with, "emitc" (default) or "vpto", as ptoas's
    --pto-backend (a module's pto.backend comes first).
    Raises AssemblyError with every message (file, line, column) if it does not assemble.
    """
    kernel, diags, text = _core.build(_inputs(source, name), arch or "", entry or "",
                                      backend or "")
    if kernel is None:
        raise AssemblyError(_diagnostics(diags), text)
    return Kernel(kernel, _diagnostics(diags))


def load(path):
    """Loads a .ptobc file that ptoas wrote (verified before it can run)."""
    return assemble(os.fspath(path))


# Options of run and launch; any other keyword names a parameter.
_OPTIONS = {"entry": None, "blocks": 1, "threads": None, "max_steps": 10**9, "check": "auto",
            "arith": "npu", "stats": False, "trace": False, "trace_limit": 10**6, "profile": False}


class Kernel:
    """An assembled, verified program: run it with run() or launch()."""

    def __init__(self, core, warnings=()):
        self._core = core
        self.warnings = list(warnings)

    arch = property(lambda self: self._core.arch, doc='"a2a3" or "a5"')
    entry = property(lambda self: self._core.entry, doc="the entry function's name")
    functions = property(lambda self: list(self._core.functions), doc="every function's name")
    bytecode = property(lambda self: self._core.bytecode, doc="the .ptobc file's bytes")

    @property
    def params(self):
        """The entry function's parameters."""
        return self.params_of()

    def params_of(self, entry=None):
        """The parameters of function entry (default: the entry)."""
        try:
            return [Param(*p) for p in self._core.params(entry or "")]
        except ValueError as e:  # no such function
            raise _failure(ArgumentError, str(e).strip().removeprefix("error: ")) from None

    def __repr__(self):
        params = ", ".join(f"%{p.name}: {p.kind} {p.dtype}" for p in self.params)
        return f"<ptorun.Kernel @{self.entry}({params}) {self.arch}>"

    def listing(self, name="kernel"):
        """The program as ptoas -d prints it."""
        return self._core.listing(name)

    def save(self, path):
        """Writes the bytecode to path (a .ptobc file for ptorun)."""
        with open(path, "wb") as f:
            f.write(self.bytecode)

    def run(self, *args, **kwargs):
        """Runs the kernel on args: numpy arrays for pointer, memref and tile parameters
        (checked against the parameter's element type; written back in place after the run),
        a shape (tuple or int) to allocate a zero output, None for a memref or tile
        parameter's own shape, and Python numbers for scalars. Parameters may also be given
        by name (k.run(x, y, n=16), or k.run(x, y, **{"%n": 16})). Options: blocks, threads,
        max_steps, check ("auto", "strict", "off"), arith ("npu": as the NPU rounds, the
        default; "exact": each result rounded once), entry; a parameter named as an option is
        given by position or with its "%". Returns the allocated outputs: None, one array, or
        a tuple.
        """
        return self.launch(*args, **kwargs).value

    def launch(self, *args, **kwargs):
        """As run(), returning a Result; stats=True, trace=True and profile=True also keep
        the run's counts, its instruction records, and the cycle estimate."""
        options = dict(_OPTIONS)
        named = {}
        for key, value in kwargs.items():
            (options if key in _OPTIONS else named)[key] = value
        if options["check"] not in ("auto", "strict", "off"):
            raise ValueError(f"check must be 'auto', 'strict' or 'off', not {options['check']!r}")
        if options["arith"] not in ("npu", "exact"):
            raise ValueError(f"arith must be 'npu' or 'exact', not {options['arith']!r}")
        if options["threads"] is None:
            options["threads"] = os.cpu_count() or 1
        params = self.params_of(options["entry"])
        # An option's name that is also a parameter's not given by position is ambiguous.
        for i, p in enumerate(params):
            if p.name in kwargs and p.name in _OPTIONS and i >= len(args):
                raise _failure(ArgumentError, f"{p.name}= is a run option and also the name of "
                               f"parameter %{p.name}: give %{p.name} by position, or as "
                               f"**{{'%{p.name}': ...}}")
        for key in ("blocks", "threads", "max_steps", "trace_limit"):
            _check_count(key, options[key])
        binding = _Binding(params, args, named)
        outcome = _core.run(self._core, options["entry"] or "", binding.values, binding.descrs,
                            int(options["blocks"]), int(options["threads"]),
                            int(options["max_steps"]),
                            options["check"], bool(options["stats"]), bool(options["trace"]),
                            int(options["trace_limit"]), bool(options["profile"]),
                            options["arith"])
        diags, text = outcome.diagnostics()
        diags = _diagnostics(diags)
        if outcome.status == "argument":
            raise ArgumentError(diags, text)
        if outcome.status in ("refused", "fault"):
            raise RunError(diags, text)
        binding.write_back(outcome)
        result = Result(outcome, binding, diags, options)
        if outcome.status == "checked":
            raise CheckError(diags, text, result)
        return result


class _Binding:
    """The arguments of one run, as _core takes them, and where the outputs go back."""

    def __init__(self, params, args, named):
        if len(args) > len(params):
            raise _failure(ArgumentError, f"the kernel takes {len(params)} arguments, got "
                           f"{len(args)}")
        given = list(args) + [_MISSING] * (len(params) - len(args))
        index = {p.name: i for i, p in enumerate(params)}
        for key, value in named.items():
            key = key[1:] if key.startswith("%") else key
            i = index.get(key)
            if i is None:
                raise _failure(ArgumentError, f"the kernel has no parameter %{key} (it has "
                               + ", ".join("%" + p.name for p in params) + ")")
            if given[i] is not _MISSING:
                raise _failure(ArgumentError, f"%{key} is given twice")
            given[i] = value
        missing = [f"%{p.name}" for p, v in zip(params, given) if v is _MISSING]
        if missing:
            raise _failure(ArgumentError, "missing arguments for " + ", ".join(missing))
        self.values, self.descrs, self.outputs, self._back = [], [], [], []
        for i, (p, v) in enumerate(zip(params, given)):
            if p.kind == "scalar":
                self._scalar(p, v)
            else:
                self._array(i, p, v)
        self._check_overlap(params)

    def _scalar(self, p, v):
        if isinstance(v, (np.generic, np.ndarray)) and np.ndim(v) == 0:
            v = v.item()
        if not isinstance(v, (bool, int, float)):
            raise _failure(ArgumentError, f"%{p.name} is a {p.dtype} scalar: give a number, not "
                           f"{type(v).__name__}")
        if type(v) is not bool and isinstance(v, int) and not -2**63 <= v < 2**64:
            # past what _core's int64 and uint64 hold: for a float parameter its digits, read
            # (and range-checked, and shown) as the command line's are; else too large
            if p.dtype != "bf16" and np.dtype(p._descr).kind != "f":
                raise _failure(ArgumentError, f"argument for %{p.name} ({p.dtype}): {v} is out "
                               f"of range")
            v = str(v)
        self.values.append(v)
        self.descrs.append("")

    def _array(self, i, p, v):
        if v is None or isinstance(v, (tuple, int, np.integer)) and not isinstance(v, bool):
            if v is None:
                if p.kind == "pointer":
                    raise _failure(ArgumentError, f"%{p.name} is a pointer: give an array or the "
                                   f"shape of the output to allocate")
                if -1 in p.shape:
                    raise _failure(ArgumentError, f"%{p.name} has a dynamic shape: give an "
                                   f"array or the shape of the output to allocate")
                v = p.shape
            try:
                v = np.zeros(v, dtype=p.numpy_dtype)
            except (TypeError, ValueError) as e:
                raise _failure(ArgumentError, f"argument for %{p.name}: {v!r} is not a shape "
                               f"({e})") from None
            self.outputs.append(v)
        elif not isinstance(v, np.ndarray):
            if isinstance(v, (str, bytes, bool, float, complex, np.generic)):
                raise _failure(ArgumentError, f"%{p.name} is a {p.kind} of {p.dtype}: give an "
                               f"array, a list or a shape, not {type(v).__name__} {v!r}")
            try:
                v = np.asarray(v, dtype=p.numpy_dtype)
            except (TypeError, ValueError, OverflowError) as e:
                raise _failure(ArgumentError, f"argument for %{p.name} ({p.dtype}): {e}") from None
        array = v
        if v.dtype.byteorder == ">":
            array = v.astype(v.dtype.newbyteorder("<"))
        array = np.ascontiguousarray(array)
        self.values.append(array)
        # numpy knows ml_dtypes' types (bfloat16, ...) only by name.
        self.descrs.append(array.dtype.name if array.dtype.kind == "V" else array.dtype.str)
        self._back.append((i, p, v, array))

    def _check_overlap(self, params):
        # Arrays that share memory are read as they are; a kernel that writes one of them
        # is refused after the run (write_back), as ptorun's buffers do not alias.
        self._shared = {}
        for a in range(len(self._back)):
            for b in range(a):
                if np.shares_memory(self._back[a][2], self._back[b][2]):
                    self._shared.setdefault(a, b)
                    self._shared.setdefault(b, a)

    def _refuse_written_shared(self, outcome):
        written = []
        for k, other in sorted(self._shared.items()):
            i, p, _, array = self._back[k]
            scratch = np.empty_like(array)
            outcome.copy_param(i, scratch)
            if not np.array_equal(scratch.view(np.uint8), array.view(np.uint8)):
                written.append(f"%{p.name} (which shares memory with %{self._back[other][1].name})")
        if written:
            raise _failure(RunError, f"the kernel wrote {', '.join(written)}; ptorun gives each "
                           f"parameter a buffer of its own where the NPU would alias them, so "
                           f"pass separate arrays")

    def write_back(self, outcome):
        """Copies every output back into its array; then raises RunError if the kernel wrote
        a parameter whose array is read-only (the others are written all the same)."""
        self._refuse_written_shared(outcome)
        read_only = []
        for k, (i, p, user, array) in enumerate(self._back):
            if k in self._shared:
                continue  # unchanged: _refuse_written_shared saw to it
            if user.flags.writeable and array is user:
                outcome.copy_param(i, array)
                continue
            scratch = np.empty_like(array)
            outcome.copy_param(i, scratch)
            if np.array_equal(scratch.view(np.uint8), array.view(np.uint8)):
                continue
            if not user.flags.writeable:
                read_only.append(f"%{p.name}")
                continue
            np.copyto(user, scratch.astype(user.dtype, copy=False), casting="unsafe")
        if read_only:
            raise _failure(RunError, f"the kernel wrote {', '.join(read_only)}, but "
                           + ("the array passed for it is" if len(read_only) == 1 else
                              "the arrays passed for them are") + " read-only")


_MISSING = object()


class Result:
    """A finished run: outputs (the arrays it allocated), steps (instructions executed),
    seconds, notes and findings (Diagnostic lists); with stats=True .stats (a dict), with
    trace=True .trace (a list of dicts, one per instruction; .trace_cut), with profile=True
    .profile (the cycle estimate as a dict) and .timeline (a Chrome trace, a dict, at most
    trace_limit slices; .timeline_cut)."""

    def __init__(self, outcome, binding, diags, options):
        self._outcome = outcome
        self.outputs = tuple(binding.outputs)
        self.steps = outcome.steps()
        self.seconds = outcome.seconds
        self.notes = [d for d in diags if d.severity == "note"]
        self.findings = [d for d in diags if d.severity == "error"]
        self.stats = json.loads(outcome.stats_json()) if options["stats"] else None
        self.trace = self.trace_cut = None
        if options["trace"]:
            text, self.trace_cut = outcome.trace()
            self.trace = [json.loads(line) for line in text.decode().splitlines()]
        self.profile = self.timeline = self.timeline_cut = None
        if options["profile"]:
            profile, timeline, self.timeline_cut = outcome.estimate(int(options["trace_limit"]))
            self.profile = json.loads(profile)
            self.timeline = json.loads(timeline)

    def __repr__(self):
        counts = [f"{len(self.outputs)} output{'s' * (len(self.outputs) != 1)}",
                  f"{len(self.findings)} finding{'s' * (len(self.findings) != 1)}",
                  f"{len(self.notes)} note{'s' * (len(self.notes) != 1)}"]
        steps = f"{self.steps} step{'s' * (self.steps != 1)}"
        return f"<ptorun.Result {steps} in {self.seconds:.6f} s; {', '.join(counts)}>"

    @property
    def value(self):
        """What run() returns: None, the one allocated output, or a tuple of them."""
        if not self.outputs:
            return None
        return self.outputs[0] if len(self.outputs) == 1 else self.outputs

    def tile(self, name):
        """The elements of a tile of the function (or a memory parameter) by name, as block
        0 left them: a 2-D array for a tile."""
        descr, shape, data, pto_type = self._outcome.output(name)
        dtype = np.dtype(descr)
        if pto_type == "bf16" and _ml_dtypes is not None:  # as Param.numpy_dtype gives it
            dtype = np.dtype(_ml_dtypes.bfloat16)
        return np.frombuffer(data, dtype=dtype).reshape(shape).copy()

    def save_timeline(self, path):
        """Writes the timeline (profile=True) as a Chrome trace for Perfetto."""
        if self.timeline is None:
            raise ValueError("run with profile=True to have a timeline")
        with open(path, "w") as f:
            json.dump(self.timeline, f)
