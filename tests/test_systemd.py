"""systemd/companion.service: `systemd-analyze verify` prints nothing and the offline
security exposure is 2.5 or better. Skipped where systemd-analyze is not installed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "companion.service"
EXEC = "/opt/companion/venv/bin/companion"

analyze = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(analyze is None, reason="systemd-analyze not installed")


def unit_text() -> str:
    return UNIT.read_text(encoding="utf-8")


def verifiable_copy(tmp_path: Path, text: str | None = None) -> Path:
    """verify needs ExecStart's binary to exist: point it at one that does."""
    text = unit_text() if text is None else text
    assert EXEC in text
    copy = tmp_path / "companion.service"
    copy.write_text(text.replace(EXEC, shutil.which("true") or "/bin/true"), encoding="utf-8")
    return copy


def verify(path: Path) -> str:
    r = subprocess.run([analyze, "verify", "--man=no", str(path)],
                       capture_output=True, text=True, timeout=60)
    return (r.stdout + r.stderr).strip()


def exposure(path: Path) -> float:
    r = subprocess.run([analyze, "security", "--offline=yes", "--no-pager", str(path)],
                       capture_output=True, text=True, timeout=60)
    m = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", r.stdout + r.stderr)
    assert m, r.stdout + r.stderr
    return float(m.group(1))


@needs_analyze
def test_verify_prints_nothing(tmp_path):
    out = verify(verifiable_copy(tmp_path))
    assert out == "", out


@needs_analyze
def test_verify_catches_a_typo(tmp_path):
    """The check itself can fail: a misspelt key is only a warning, but it is output."""
    bad = unit_text().replace("Restart=on-failure", "Restrat=on-failure")
    assert "Restrat" in verify(verifiable_copy(tmp_path, bad))


@needs_analyze
def test_security_exposure_at_most_2_5(tmp_path):
    score = exposure(verifiable_copy(tmp_path))
    assert score <= 2.5, score


@needs_analyze
def test_security_score_rises_without_hardening(tmp_path):
    bare = "\n".join(line for line in unit_text().splitlines()
                     if line.startswith(("[", "Description", "Type", "User", "ExecStart")))
    assert exposure(verifiable_copy(tmp_path, bare + "\n")) > 2.5


def test_unit_has_what_the_issue_asks():
    text = unit_text()
    keys = dict(re.findall(r"^(\w+)=(.*)$", text, re.MULTILINE))
    assert keys["Type"] == "notify" and keys["Restart"] == "on-failure"
    assert keys["User"] == "companion"
    assert set(keys["SupplementaryGroups"].split()) == {"gpio", "i2c", "spi", "video"}
    assert keys["StateDirectory"] == "companion" and keys["WatchdogSec"]
    assert keys["ProtectSystem"] == "strict" and keys["DevicePolicy"] == "closed"
    assert "PrivateDevices" not in keys            # it would hide gpiochip, i2c, video
    assert "ProcSubset" not in keys                # gpiozero reads /proc/cpuinfo
    assert keys["ExecStart"] == f"{EXEC} play --config /etc/companion/config.toml --service"
    allowed = re.findall(r"^DeviceAllow=char-(\S+) rw$", text, re.MULTILINE)
    assert {"gpiochip", "i2c", "spi", "video4linux", "media", "dma_heap"} <= set(allowed)


# ---------------------------------------------------------------- install.sh

INSTALL = ROOT / "systemd" / "install.sh"


def dry_run(*args: str) -> str:
    r = subprocess.run(["bash", str(INSTALL), "--dry-run", *args], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_install_script_is_strict_bash():
    text = INSTALL.read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text
    subprocess.run(["bash", "-n", str(INSTALL)], check=True, timeout=30)


def test_install_dry_run_mentions_every_step():
    out = dry_run()
    assert "dry run: nothing is changed" in out
    steps = [line for line in out.splitlines() if line.startswith("== ")]
    assert [s.split()[1] for s in steps] == [f"{i}/7" for i in range(1, 8)]
    for needle in [
        "apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends",
        "python3-picamera2", "python3-venv", "fonts-dejavu-core", "i2c-tools", "python3-lgpio",
        "raspi-config nonint do_i2c 0",
        "usermod -a -G gpio,i2c,spi,video companion",
        "python3 -m venv --system-site-packages /opt/companion/venv",
        "/opt/companion/venv/bin/pip install --upgrade",
        f"rm -rf {ROOT}/build",  # none left by an older version, to install deleted files
        "ln -sf /opt/companion/venv/bin/companion /usr/local/bin/companion",
        "lgpio>=0.2.2",
        "docs/config.example.toml /etc/companion/config.toml",
        "companion config --check --config /etc/companion/config.toml",
        "/etc/systemd/system/companion.service",
        "systemctl enable companion.service",
    ]:
        assert needle in out, needle
    assert "do_spi" not in out


@pytest.mark.parametrize("system_numpy, pinned", [("1.24.2", True), ("2.2.4", False)])
def test_the_venv_keeps_the_system_numpys_major_version(system_numpy, pinned, tmp_path):
    """apt's picamera2 (its simplejpeg) is built against Bookworm's numpy 1.24: numpy 2 in
    the venv stops it importing ("numpy.dtype size changed"), and the camera is lost."""
    fake = tmp_path / "python3"
    fake.write_text(f"#!/bin/sh\necho {system_numpy.split('.')[0]}\n")
    fake.chmod(0o755)
    r = subprocess.run(["bash", str(INSTALL), "--dry-run"], capture_output=True, text=True,
                       timeout=60, env={**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"})
    pip = next(line for line in r.stdout.splitlines() if "pip install --upgrade" in line)
    assert ("numpy<2" in pip) == pinned, pip


def test_install_dry_run_options():
    out = dry_run("--spi", "--no-start")
    assert "raspi-config nonint do_spi 0" in out and "python3-spidev" in out
    assert "systemctl restart" not in out
    r = subprocess.run(["bash", str(INSTALL), "--bogus"], capture_output=True, text=True,
                       timeout=30)
    assert r.returncode == 2 and "unknown option --bogus" in r.stderr


def fake_dpkg(tmp_path: Path, arch: str) -> dict[str, str]:
    """An environment whose `dpkg --print-architecture` says `arch`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    dpkg = bin_dir / "dpkg"
    dpkg.write_text(f"#!/bin/sh\necho {arch}\n")
    dpkg.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}


def test_install_refuses_to_run_for_real_without_root():
    """Whatever folder the checkout is in: as root the script is run as nobody, read from
    standard input (nobody may not enter a clone under a 0700 folder), from /."""
    import tempfile

    public = Path(tempfile.mkdtemp(prefix="companion-install-"))  # pytest's are 0700
    public.chmod(0o755)
    env = fake_dpkg(public, "arm64")
    (public / "bin").chmod(0o755)
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("root without runuser: the real install would start")
        cmd = [runuser, "-u", "nobody", "--", "env", f"PATH={env['PATH']}", "bash", "-s"]
    else:
        cmd = ["bash", "-s"]
    try:
        with INSTALL.open("rb") as script:
            r = subprocess.run(cmd, stdin=script, capture_output=True, text=True, timeout=30,
                               cwd="/", env=env)
    finally:
        shutil.rmtree(public)
    assert r.returncode == 1 and "run as root" in r.stderr, r.stderr


@pytest.mark.parametrize("arch, why", [
    ("armhf", "this is a 32-bit system (armhf): install the 64-bit Raspberry Pi OS"),
    ("amd64", "this is not a Raspberry Pi (amd64, not ARM)"),
])
def test_install_refuses_a_32_bit_or_non_arm_system_with_a_sentence(tmp_path, arch, why):
    r = subprocess.run(["bash", str(INSTALL)], capture_output=True, text=True, timeout=30,
                       env=fake_dpkg(tmp_path, arch))
    assert r.returncode == 1 and r.stderr.startswith(f"install.sh: {why}"), r.stderr
    dry = subprocess.run(["bash", str(INSTALL), "--dry-run"], capture_output=True, text=True,
                         timeout=30, env=fake_dpkg(tmp_path, arch))
    assert dry.returncode == 0 and f"a real install would stop here: {why}" in dry.stdout


def test_install_option_missing_its_argument_fails_cleanly():
    r = subprocess.run(["bash", str(INSTALL), "--dry-run", "--src"], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 2 and r.stderr == "install.sh: --src needs a folder: --src DIR\n"


def test_install_runs_unattended_and_pins_what_it_installs_from_pypi():
    text = INSTALL.read_text(encoding="utf-8")
    assert "export DEBIAN_FRONTEND=noninteractive" in text
    out = dry_run()
    assert "apt-get -o DPkg::Lock::Timeout=600 install -y" in out
    pips = [line for line in out.splitlines() if "/bin/pip install" in line]
    assert pips and all(f"-c {ROOT}/systemd/constraints.txt" in line for line in pips)
    for name in ("constraints.txt", "constraints-numpy1.txt", "constraints-numpy2.txt"):
        pins = [line for line in (ROOT / "systemd" / name).read_text().splitlines()
                if line and not line.startswith("#")]
        assert pins and all(re.fullmatch(r"[\w.\-]+==[\w.]+", p) for p in pins), pins


def test_the_unit_leaves_a_traceback_when_the_watchdog_kills_it():
    assert re.search(r"^Environment=PYTHONFAULTHANDLER=1$", unit_text(), re.MULTILINE)


WEB = ROOT / "systemd" / "companion-web.conf"


def with_web_drop_in() -> str:
    """The unit as systemd reads it with the page's drop-in (docs/web.md) installed."""
    return unit_text() + "\n" + WEB.read_text(encoding="utf-8")


@needs_analyze
def test_the_pages_drop_in_verifies_and_keeps_the_exposure_low(tmp_path):
    copy = verifiable_copy(tmp_path, with_web_drop_in())
    assert verify(copy) == ""
    assert exposure(copy) <= 2.5


def test_the_pages_drop_in_opens_ipv4_to_the_local_networks_only():
    keys = dict(re.findall(r"^(\w+)=(.*)$", WEB.read_text(encoding="utf-8"), re.MULTILINE))
    assert keys["PrivateNetwork"] == "no"
    assert set(keys["RestrictAddressFamilies"].split()) == {"AF_UNIX", "AF_NETLINK", "AF_INET"}
    assert set(keys["IPAddressAllow"].split()) == {
        "localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"}
    assert "IPAddressDeny" not in keys  # the unit's "any" stays: nothing else is reached
