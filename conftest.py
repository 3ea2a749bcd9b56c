"""Test-wide set-up: every test and every notebook kernel runs on the offline model.

Set here, at import, so that the kernels nbval starts inherit it even when the
learner's shell has OPENAI_API_KEY or OPENAI_BASE_URL set.
"""

import os

os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"
