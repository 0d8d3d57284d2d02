"""Problems found in content, reported as ``path:line:col: error[CODE]: message``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity}[{self.code}]: {self.message}"
