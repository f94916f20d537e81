"""The package version, written once: pyproject.toml reads it from here
(``[tool.setuptools.dynamic]``), ``omaha_eval.__version__`` and
``omaha-eval --version`` import it."""

__version__ = "0.1.0"
