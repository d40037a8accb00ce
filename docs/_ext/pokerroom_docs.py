"""Pages made from the code at build time, so they cannot drift from it.

* ``pokerroom-command``: one command of ``pokerroom`` (``eval``, ``serve acpc``...) from
  its argparse parser: what it does, its usage line and every argument with its help,
  default and choices.  The build fails (a warning, an error under ``-W``) when a
  command or subcommand the parser has is documented nowhere, or a page names one it
  does not have.
* ``pokerroom-exit-statuses``: the table of exit statuses every command uses.
* ``pokerroom-rules``: every field of :class:`pokerroom.rules.Rules` with its value in
  each preset, described by the directive's content (``field: text`` lines); a field the
  content does not describe, or one the class does not have, fails the build.
* ``pokerroom-keys``: every key binding of every screen of the terminal game, as the
  screens declare them (and as a screen binds them when it is made: ``?``).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import importlib
import inspect
import pkgutil
import re
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)


# ------------------------------------------------------------------------- commands


def _parsers() -> dict[str, argparse.ArgumentParser]:
    """Every parser of ``pokerroom``, by its command path ("" is the top, "serve acpc")."""
    from pokerroom.cli import build_parser

    found: dict[str, argparse.ArgumentParser] = {}

    def walk(path: str, parser: argparse.ArgumentParser) -> None:
        found[path] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(f"{path} {name}".strip(), sub)

    walk("", build_parser())
    return found


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """(name, help) of each subcommand of ``parser``, in the order ``--help`` lists them."""
    out: list[tuple[str, str]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            out += [(name, helps.get(name, "")) for name in action.choices]
    return out


def _paragraph(text: str) -> nodes.paragraph:
    """A paragraph of ``text``, its ``double-backquoted`` parts (as docstrings and help
    texts write code) set as code."""
    para = nodes.paragraph()
    for i, part in enumerate(re.split(r"``(.+?)``", text)):
        if part:
            para += nodes.literal(part, part) if i % 2 else nodes.Text(part)
    return para


def _help_text(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    formatter = parser._get_formatter()
    text = formatter._expand_help(action) if action.help else ""
    extras = []
    invocation = formatter._format_action_invocation(action)
    if action.choices is not None and "{" not in invocation:
        choices = ", ".join(str(c) for c in action.choices)
        if choices not in text:
            extras.append(f"one of: {choices}")
    default = action.default
    shown = default not in (None, False, [], argparse.SUPPRESS) and not isinstance(
        action, argparse._StoreTrueAction | argparse._VersionAction | argparse._HelpAction
    )
    if shown and "default" not in text.lower():
        extras.append(f"default: {default}")
    if action.required and action.option_strings:
        extras.append("required")
    if extras:
        text = f"{text} ({'; '.join(extras)})" if text else "; ".join(extras).capitalize()
    return text


class CommandDirective(SphinxDirective):
    """``pokerroom-command`` PATH: one command from its parser."""

    required_arguments = 0
    optional_arguments = 2
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        path = " ".join(self.arguments).strip()
        parsers = _parsers()
        if path not in parsers:
            logger.warning(
                "pokerroom-command: no command %r (the commands: %s)",
                path, ", ".join(sorted(p for p in parsers if p)), location=self.get_location(),
            )  # fmt: skip
            return []
        self.env.pokerroom_commands = getattr(self.env, "pokerroom_commands", set())  # type: ignore[attr-defined]
        self.env.pokerroom_commands.add(path)  # type: ignore[attr-defined]
        parser = parsers[path]
        out: list[nodes.Node] = []
        description = parser.description or ""
        if description:
            for block in description.split("\n\n"):
                out.append(_paragraph(" ".join(block.split())))
        usage = "\n".join(
            line.removeprefix("usage: ").removeprefix(" " * len("usage: "))
            for line in parser.format_usage().strip().splitlines()
        )
        out.append(nodes.literal_block(usage, usage, language="text"))
        items = nodes.definition_list()
        formatter = parser._get_formatter()
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if isinstance(action, argparse._SubParsersAction):
                for name, help_text in _subcommands(parser):
                    term = nodes.term()
                    term += nodes.literal(name, name)
                    body = nodes.definition()
                    body += _paragraph(f"{help_text} (pokerroom {path} {name})".strip())
                    items += nodes.definition_list_item("", term, body)
                continue
            invocation = formatter._format_action_invocation(action)
            term = nodes.term()
            term += nodes.literal(invocation, invocation)
            body = nodes.definition()
            body += _paragraph(_help_text(parser, action))
            items += nodes.definition_list_item("", term, body)
        if len(items):
            out.append(items)
        epilog = parser.epilog if path else None
        if epilog:
            out.append(nodes.literal_block(epilog, epilog, language="text"))
        return out


def _check_commands(app: Sphinx, env: BuildEnvironment) -> None:
    documented: set[str] = getattr(env, "pokerroom_commands", set())
    if not documented:
        return  # a partial build, or a build without the command reference
    missing = [p for p in _parsers() if p not in documented]
    if missing:
        logger.warning(
            "the command reference does not document: %s",
            ", ".join(repr(p) if p else "pokerroom itself" for p in missing),
        )


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: Any) -> None:
    mine = getattr(env, "pokerroom_commands", set())
    env.pokerroom_commands = mine | getattr(other, "pokerroom_commands", set())  # type: ignore[attr-defined]


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    # Commands are re-collected whenever the reference page is read again.
    if docname.endswith("commands"):
        env.pokerroom_commands = set()  # type: ignore[attr-defined]


class ExitStatusDirective(SphinxDirective):
    """``pokerroom-exit-statuses``: the table of :data:`pokerroom.cli.errors.EXIT_CODES`."""

    def run(self) -> list[nodes.Node]:
        from pokerroom.cli.errors import EXIT_CODES

        return [_table(["status", "meaning"], [[str(c), t] for c, t in EXIT_CODES])]


# ---------------------------------------------------------------------------- rules


def _rule_value(value: Any) -> str:
    from pokerroom.evaluator.wildcards import WildCards

    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ", ".join(_rule_value(v) for v in value) or "—"
    if isinstance(value, WildCards):
        from pokerroom._rulevalues import wild_text

        text = wild_text(value) or "no wild ranks"
        return f"{text}; joker {value.joker.value}" if value.joker is not None else text
    return str(value)


class RulesDirective(SphinxDirective):
    """``pokerroom-rules``: the fields of ``Rules``, with the presets' values; the content
    describes each field (``name: text``, continued on indented lines)."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        from pokerroom.rules import PRESETS, Rules

        described: dict[str, str] = {}
        name = ""
        for line in self.content:
            if line[:1].isspace() and name:
                described[name] += " " + line.strip()
            elif line.strip():
                name, _, text = line.partition(":")
                name = name.strip()
                described[name] = text.strip()
        names = [f.name for f in dataclasses.fields(Rules)]
        for field in names:
            if field not in described:
                logger.warning("pokerroom-rules: the field %r is not described", field,
                               location=self.get_location())  # fmt: skip
        for field in described:
            if field not in names:
                logger.warning("pokerroom-rules: Rules has no field %r", field,
                               location=self.get_location())  # fmt: skip
        header = ["field", *PRESETS, "what it decides"]
        rows = []
        for field in names:
            values = [_rule_value(getattr(rules, field)) for rules in PRESETS.values()]
            rows.append([f"``{field}``", *values, described.get(field, "")])
        return [_table(header, rows, widths=[14, 10, 10, 10, 10, 46])]


# ----------------------------------------------------------------------------- keys


def _screens() -> list[tuple[type, list[Any]]]:
    """The terminal game's classes that declare key bindings, module by module, each
    with its bindings: those of its ``BINDINGS``, and those a screen class binds when it
    is made (:class:`~pokerroom.tui.base.Gated`'s ``?``, on every screen)."""
    import pokerroom.tui

    out: list[tuple[type, list[Any]]] = []
    for info in pkgutil.walk_packages(pokerroom.tui.__path__, "pokerroom.tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            bindings = [*cls.__dict__.get("BINDINGS", ()), *_made(cls)]
            if bindings:
                out.append((cls, bindings))
    return out


def _made(cls: type) -> list[Any]:
    """The bindings a screen class adds when it is made with no arguments, beyond those
    its classes declare and a plain Textual screen has (none for a class that needs
    arguments, or is no screen)."""
    from textual.binding import Binding
    from textual.screen import Screen

    if not issubclass(cls, Screen) or "__init__" not in cls.__dict__:
        return []
    try:
        screen = cls()
    except TypeError:
        return []
    declared = {key for key, _ in Screen()._bindings} | {
        (b if isinstance(b, Binding) else Binding(*b)).key
        for base in cls.__mro__
        for b in base.__dict__.get("BINDINGS", ())
    }
    return [b for key, b in screen._bindings if key not in declared]


class KeysDirective(SphinxDirective):
    """``pokerroom-keys``: every binding of every screen and widget of the game."""

    KEY_NAMES: ClassVar[dict[str, str]] = {
        "up": "↑", "down": "↓", "left": "←", "right": "→", "enter": "Enter",
        "escape": "Esc", "delete": "Del", "tab": "Tab", "space": "Space",
        "home": "Home", "end": "End", "question_mark": "?",
    }  # fmt: skip

    def _keys(self, binding: Any) -> str:
        keys = [k.strip() for k in binding.key.split(",")]
        return " / ".join(self.KEY_NAMES.get(k, k.replace("ctrl+", "Ctrl+")) for k in keys)

    def run(self) -> list[nodes.Node]:
        from textual.binding import Binding

        rows: list[list[Any]] = []
        for cls, bindings in _screens():
            doc = (inspect.getdoc(cls) or cls.__name__).split("\n\n")[0]
            keys = []
            for declared in bindings:
                binding = declared if isinstance(declared, Binding) else Binding(*declared)
                keys.append((self._keys(binding), binding.description))
            rows.append([" ".join(doc.split()), keys])
        return [_table(["where", "keys"], rows, widths=[45, 55])]


# ---------------------------------------------------------------------------- table


def _table(
    header: list[str], rows: list[list[Any]], widths: list[int] | None = None
) -> nodes.table:
    """A docutils table; a cell written ``literal`` (in double backquotes) is code."""
    table = nodes.table()
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths or [1] * len(header):
        group += nodes.colspec(colwidth=width)

    def row(cells: list[Any]) -> nodes.row:
        r = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            if isinstance(cell, list):  # (key, what it does) pairs, one a line
                for key, what in cell:
                    entry += nodes.paragraph("", "", nodes.literal(key, key),
                                             nodes.Text(f" {what}"))  # fmt: skip
            elif cell.startswith("``") and cell.endswith("``"):
                text = cell[2:-2]
                entry += nodes.paragraph("", "", nodes.literal(text, text))
            else:
                entry += _paragraph(cell)
            r += entry
        return r

    head = nodes.thead()
    head += row(header)
    body = nodes.tbody()
    for cells in rows:
        body += row(cells)
    group += head
    group += body
    return table


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("pokerroom-command", CommandDirective)
    app.add_directive("pokerroom-exit-statuses", ExitStatusDirective)
    app.add_directive("pokerroom-rules", RulesDirective)
    app.add_directive("pokerroom-keys", KeysDirective)
    app.connect("env-check-consistency", _check_commands)
    app.connect("env-merge-info", _merge)
    app.connect("env-purge-doc", _purge)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
