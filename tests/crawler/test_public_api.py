"""The public surface of the seaspider package is deliberate: the root exports its version, and each
wing names exactly its public modules (a module starting with `_` is private to its wing)."""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path

import pytest

import seaspider

WINGS = ("web", "net", "crawl", "store", "service", "demo", "extract", "teaching", "cluster")
ROOT = Path(seaspider.__file__).resolve().parent


def test_seaspider_exports_only_its_version() -> None:
    assert seaspider.__all__ == ["__version__"]


def test_the_wings_are_the_documented_layers() -> None:
    packages = sorted(p.parent.name for p in ROOT.glob("*/__init__.py") if not p.parent.name.startswith("_"))
    assert packages == sorted((*WINGS, "commands"))


@pytest.mark.parametrize("wing", WINGS)
def test_each_wing_lists_exactly_its_public_modules(wing: str) -> None:
    package = importlib.import_module(f"seaspider.{wing}")
    on_disk = sorted(p.stem for p in (ROOT / wing).glob("*.py") if not p.stem.startswith("_"))
    assert package.__all__ == on_disk, f"seaspider/{wing}/__init__.py: __all__ must list {on_disk}"


# Every module of the product names its door: `__all__` lists what other modules may import, and
# they import nothing else (a helper that starts with `_` stays private to its module).
PACKAGES = ("seaspider", "deputy", "wire", "realize")
SOURCE = ROOT.parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _modules() -> dict[str, ast.Module]:
    """Every product module's syntax tree, parsed on first use (not at collection: each of the suite's
    workers collects this file, and only one of them runs these tests)."""
    return {
        _module_name(path): ast.parse(path.read_text(encoding="utf-8"))
        for package in PACKAGES
        for path in sorted((SOURCE / package).rglob("*.py"))
        if path.name != "__main__.py"
    }



def _declared(tree: ast.Module) -> list[str] | None:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return list(ast.literal_eval(node.value))
    return None


def _defined(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def _imports(name: str, tree: ast.Module) -> list[tuple[str, str]]:
    """(source module, imported name) for every `from … import …` of product code, anywhere in the module."""
    package = name if _is_package(name) else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        if source.split(".")[0] in PACKAGES:
            found.extend((source, alias.name) for alias in node.names)
    return found


def _is_package(name: str) -> bool:
    return (SOURCE / name.replace(".", "/") / "__init__.py").exists()


def test_every_module_declares_its_public_names() -> None:
    problems = []
    modules = _modules()
    for name, tree in modules.items():
        declared = _declared(tree)
        if declared is None:
            problems.append(f"{name}: no __all__")
            continue
        defined = _defined(tree)
        submodules = {m.rpartition(".")[2] for m in modules if m.rpartition(".")[0] == name}
        problems += [f"{name}: __all__ names {n!r}, which it does not define" for n in declared if n not in defined | submodules]
        problems += [f"{name}: public {n!r} is missing from __all__" for n in _public_code(tree) if n not in declared]
    assert problems == []


def _public_code(tree: ast.Module) -> list[str]:
    """The module's public functions and classes (a constant may stay unlisted when only its module uses it)."""
    code = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    return [node.name for node in tree.body if isinstance(node, code) and not node.name.startswith("_")]


def test_modules_import_only_through_each_others_doors() -> None:
    problems = []
    modules = _modules()
    for name, tree in modules.items():
        for source, imported in _imports(name, tree):
            if f"{source}.{imported}" in modules:
                continue  # a module, not a name
            declared = _declared(modules[source]) if source in modules else None
            if declared is None or imported not in declared:
                problems.append(f"{name} imports {imported!r} from {source}, which does not list it in __all__")
    assert problems == []
