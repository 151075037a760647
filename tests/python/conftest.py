"""Under CTest (tests/run-in-fresh-home.sh) pytest's temporary folders go into the fresh
home made for the run, removed after it, so no run finds what an earlier one left."""
import os


def pytest_configure(config):
    home = os.environ.get("HOME", "")
    if not config.option.basetemp and os.path.basename(home).startswith("chitra-test-home."):
        config.option.basetemp = os.path.join(home, "pytest")
