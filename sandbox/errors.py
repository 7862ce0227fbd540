"""Exceptions of the sandbox layer.

Failures of the code being run are data on `ExecutionResult`; these are failures of the
infrastructure (ours, Docker's, the configuration's), and each message says how to fix it.
"""


class SandboxError(Exception):
    """Base of every sandbox infrastructure failure."""


class SandboxUnavailable(SandboxError):
    """The engine or the image is missing, or the kernel could not be started."""


class WorkspaceError(SandboxError):
    """A path would leave the workspace, or the workspace cannot be prepared."""
