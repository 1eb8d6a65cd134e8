"""Every refusal's code names one refusal: a client that tells refusals apart by code (the H5
shows the captcha on one, sends the user to 开户 on another) must never meet two meanings of it."""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict
from collections.abc import Iterator

import opentamp
from opentamp.errors import AppError


def _refusals(cls: type[AppError]) -> Iterator[type[AppError]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _refusals(sub)


def test_each_code_is_one_refusal() -> None:
    for module in pkgutil.walk_packages(opentamp.__path__, "opentamp."):
        if module.name != "opentamp.__main__":
            importlib.import_module(module.name)
    meanings: defaultdict[int, set[str]] = defaultdict(set)
    for cls in set(_refusals(AppError)):
        # a subclass that keeps its parent's code is the same refusal; the tests' own stand-ins
        # (another test module's AppError subclasses, imported in the same run) are not the app's
        if "code" in cls.__dict__ and cls.__module__.startswith("opentamp."):
            meanings[cls.code].add(cls.error)
    assert len(meanings) > 250  # every feature's refusals were found
    shared = {code: sorted(errors) for code, errors in meanings.items() if len(errors) > 1}
    assert shared == {}
