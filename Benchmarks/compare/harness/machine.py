"""What the numbers were measured on."""
import os
import platform
import subprocess
from datetime import datetime, timezone


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def memory_gib():
    try:
        with open("/proc/meminfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return None


def first_line(argv):
    try:
        output = subprocess.run(argv, capture_output=True, text=True, timeout=60).stdout.strip()
        return output.splitlines()[0] if output else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def os_name():
    try:
        with open("/etc/os-release", encoding="utf-8") as handle:
            fields = dict(line.rstrip("\n").split("=", 1) for line in handle if "=" in line)
        return fields.get("PRETTY_NAME", "").strip('"') or platform.platform()
    except OSError:
        return platform.platform()


def describe(python):
    memory = memory_gib()
    versions = first_line([python, "-c", "import kiwisolver, skia, uharfbuzz, matplotlib; print("
                           "f'kiwisolver {kiwisolver.__version__}, skia-python {skia.__version__}, "
                           "uharfbuzz {uharfbuzz.__version__}, matplotlib {matplotlib.__version__}')"])
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "memory": f"{memory:.0f} GiB" if memory else "unknown",
        "os": os_name(),
        "swift": first_line(["swift", "--version"]),
        "python": first_line([python, "--version"]),
        "peers": versions,
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load": os.getloadavg()[0],
    }
