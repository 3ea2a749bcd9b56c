"""Test-wide set-up: every test and every notebook kernel runs on the offline model.

Set here, at import, so that the kernels nbval starts inherit it even when the
learner's shell has OPENAI_API_KEY or OPENAI_BASE_URL set.
"""

import os
from typing import Any

import pytest

os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"


# pytest-xdist (`-n 2 --dist loadscope` in pyproject.toml) runs a group's tests in one worker,
# in order. A group is a test file (its module fixtures start once) or a notebook (its cells
# share one kernel), except for the folders and files named here. The browser tests' JupyterLab
# is one per worker (tests/browser/conftest.py).
SHARED_GROUPS = {"tests/lite/": "lite"}  # a folder whose files share one cache (the site build)
ONE_GROUP_PER_TEST = (  # long, independent tests: each worker starts the shared server it needs
    "tests/test_lessons_compatible.py",
    "tests/browser/test_browser_notebooks.py",
)


def xdist_group(nodeid: str) -> str:
    """The group a test runs in under pytest-xdist."""
    path = nodeid.split("::", 1)[0]
    if path in ONE_GROUP_PER_TEST:
        return nodeid
    for folder, group in SHARED_GROUPS.items():
        if path.startswith(folder):
            return group
    return path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With --dist loadscope: xdist's scheduling of the groups above, in collection order
    (--no-loadscope-reorder): the long browser lessons first, single notebooks last."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)

    return GroupScheduling(config, log)
