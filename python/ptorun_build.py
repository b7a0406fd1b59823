"""The build backend (PEP 517) behind `pip install .`: it builds the Python module with the
project's CMake build and packs python/ptorun into a wheel. It needs nothing from PyPI, so pip
installs offline.

The build directory is $PTO_BUILD_DIR, else build/ when that build is for the Python that runs
pip (its already-built libraries are reused), else build/wheel-<python tag>.
"""
import base64
import hashlib
import io
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "ptorun"


def _version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        for line in f:
            if line.startswith("project(") and "VERSION" in line:
                return line.split("VERSION")[1].split()[0]
    raise RuntimeError("no project VERSION in CMakeLists.txt")


def _tag():
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{platform}"


def _cached_python(build_dir):
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("PTO_PYTHON:"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return None


def _same_python(executable):
    if not executable:
        return False
    ask = "import sys, sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))"
    try:
        theirs = subprocess.run([executable, "-c", ask], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return False
    return theirs == sysconfig.get_config_var("EXT_SUFFIX")


def _build_dir():
    if os.environ.get("PTO_BUILD_DIR"):
        return os.path.abspath(os.environ["PTO_BUILD_DIR"])
    default = os.path.join(ROOT, "build")
    if _same_python(_cached_python(default)):
        return default
    return os.path.join(ROOT, "build", "wheel-" + _tag().split("-")[0])


def _build_module():
    """Configures (if needed) and builds the extension; its path."""
    build = _build_dir()
    if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
        subprocess.run(["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                        "-DBUILD_TESTING=OFF", f"-DPython_EXECUTABLE={sys.executable}",
                        "-DPTO_PYTHON_MODULE=ON"], check=True, stdout=sys.stderr)
    jobs = str(os.cpu_count() or 1)
    subprocess.run(["cmake", "--build", build, "--target", "_ptorun_core", "-j", jobs],
                   check=True, stdout=sys.stderr)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    module = os.path.join(build, "python", NAME, "_core" + suffix)
    if not os.path.exists(module):
        raise RuntimeError(f"the build made no {module} (built for another Python?)")
    return module


def _stripped(module):
    """The module's bytes without debug information (a tenth of the size), if strip is there."""
    stripped = module + ".stripped"
    try:
        subprocess.run(["strip", "--strip-debug", "-o", stripped, module], check=True)
        with open(stripped, "rb") as f:
            return f.read()
    except (OSError, subprocess.CalledProcessError):
        with open(module, "rb") as f:
            return f.read()
    finally:
        if os.path.exists(stripped):
            os.unlink(stripped)


def _metadata(version):
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
            "Summary: Assemble and run PTO kernels on numpy arrays, on the CPU\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\n"
            "Description-Content-Type: text/markdown\n\n" + readme)


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    module = _build_module()
    dist_info = f"{NAME}-{version}.dist-info"
    files = [(f"{NAME}/__init__.py", open(os.path.join(ROOT, "python", NAME, "__init__.py"), "rb").read()),
             (f"{NAME}/{os.path.basename(module)}", _stripped(module)),
             (f"{dist_info}/METADATA", _metadata(version).encode()),
             (f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: {NAME}_build\n"
                                     f"Root-Is-Purelib: false\nTag: {_tag()}\n").encode()),
             (f"{dist_info}/top_level.txt", f"{NAME}\n".encode())]
    record = [_record_line(path, data) for path, data in files] + [f"{dist_info}/RECORD,,"]
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = f"{NAME}-{version}-{_tag()}.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            z.writestr(info, data, zipfile.ZIP_DEFLATED)
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    """The tracked source tree (git ls-files), as PEP 517 asks of every backend."""
    version = _version()
    names = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], capture_output=True,
                           check=True).stdout.decode().split("\0")
    base = f"{NAME}-{version}"
    sdist = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, sdist), "w:gz") as tar:
        for name in filter(None, names):
            tar.add(os.path.join(ROOT, name), arcname=f"{base}/{name}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata(version).encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return sdist
