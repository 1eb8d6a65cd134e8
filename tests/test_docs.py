"""The design lives in docs/: code and docs cite it there, and every link into it resolves."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = re.compile(r"\.(py|ts|tsx|md|toml|ini|js|html)$")
LINK = re.compile(r"docs/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?")


def tracked_text_files() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / n for n in names if TEXT.search(n) and (ROOT / n).is_file()]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    return {
        slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", doc.read_text(encoding="utf-8"), re.M)
    }


def test_slugs_follow_github() -> None:
    assert slug("Money, shares and time") == "money-shares-and-time"
    assert slug("Convert (基金转换, 036)") == "convert-基金转换-036"


def test_no_citation_of_a_document_outside_the_repository() -> None:
    # The design and the specification live in docs/ (architecture, rules, product, api); the
    # patterns are built so that this file does not cite them itself.
    outside = re.compile("DESIGN" + " §|" + "spec" + r" 00[01]\b", re.I)
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in tracked_text_files()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []


def test_every_link_into_docs_resolves() -> None:
    known: dict[str, set[str]] = {doc.name: anchors(doc) for doc in (ROOT / "docs").glob("*.md")}
    broken = []
    for path in tracked_text_files():
        for m in LINK.finditer(path.read_text(encoding="utf-8")):
            name, anchor = m.group(1), m.group(2)
            if name not in known or (anchor and anchor not in known[name]):
                broken.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
    assert broken == []
