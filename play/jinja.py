"""The table's templates in Jinja2: the one drawing of the table (game/_table.html) for the
first page, the htmx answer, the live push and the offline page, and the site's links
(_site_nav.html) it shares with every page's header.

Why Jinja2 beside Django's engine: the table is drawn on every card and once per seat on
every live move, and Django's engine took about 3.4 ms a table, mostly in resolving
variables, escaping and translating node by node (issue 38). Jinja2 compiles a template to
Python once per process and draws the same table in a fraction of that. Django's pages keep
their own engine and draw these templates through `{% jinja %}` (play.templatetags.jinja_templates),
so each is written once.

The templates lie in a `jinja2/` folder of their app (Django's convention for this engine)
and name their addresses with `url()` (play.addresses), their messages with `_()` (the
very catalogues, through Django's gettext; `makemessages` reads `_("…")` in them as in
Django's templates), and a form's CSRF field with `csrf_field(csrf_token)`. A missing
value draws as nothing, at any depth, as in Django's templates (ChainableUndefined).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from jinja2 import ChainableUndefined, Environment, FileSystemLoader, Undefined
from markupsafe import Markup

from play.addresses import address
from play.display import Face

ROOT = Path(__file__).resolve().parent.parent
# Each app's own Jinja2 templates, and the site's (offline.bundle.TEMPLATES carries them).
TEMPLATE_DIRS = (
    "templates/jinja2",
    "play/jinja2",
    "accounts/jinja2",
    "tables/jinja2",
    "review/jinja2",
)


def csrf_field(token: object) -> SafeString:
    """`{% csrf_token %}`'s hidden field, as Django draws it (none without a token)."""
    if not token or token == "NOTPROVIDED":
        return SafeString("")
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


# A card's face depends on nothing but its card and the language of its rank, and a table
# draws some thirty: each is drawn once per process (game/_card.html).
_FACES: dict[tuple[str, str | None], SafeString] = {}


def card_face(face: Face) -> SafeString:
    """A card's face (game/_card.html), drawn once per card and language."""
    key = (face.code, get_language())
    drawn = _FACES.get(key)
    if drawn is None:
        drawn = _FACES[key] = draw("game/_card.html", {"face": face})
    return drawn


def read(value: object) -> object:
    """A value of the page's context as Django's templates read it: called if it is a
    callable (accounts.context_processors gives its values so, read only where shown)."""
    if callable(value) and not isinstance(value, Undefined):
        return value()
    return value


def message(text: str, **values: object) -> Markup:
    """A translated message with its values, as `{% blocktranslate %}` draws it: the
    message as written, each value escaped (`_("Manche %(number)s")|message(number=…)`)."""
    return Markup(text) % values


def _environment() -> Environment:
    environment = Environment(
        loader=FileSystemLoader([ROOT / folder for folder in TEMPLATE_DIRS]),
        autoescape=True,
        undefined=ChainableUndefined,
        # A process serves one deployment: its templates are read once.
        auto_reload=False,
        # Django keeps a template's last line break; so does this engine.
        keep_trailing_newline=True,
    )
    environment.filters["message"] = message
    environment.globals.update(
        url=address,
        csrf_field=csrf_field,
        card_face=card_face,
        read=read,
    )
    return environment


ENVIRONMENT = _environment()


def draw(name: str, context: Mapping[str, Any]) -> SafeString:
    """The template `name` drawn with `context`, safe to place in a Django template, in
    the active language (`_` and `current_language`)."""
    language = get_language()
    template = ENVIRONMENT.get_template(name)
    return mark_safe(template.render(context, _=_translator(language), current_language=language))


@cache
def _translator(language: str | None) -> Callable[[str], str]:
    """`_(message)` in `language`, Django's gettext remembered: a table asks for some fifty
    messages, each through Django's active translation, about a fifth of its drawing.
    Called only while `language` is the active one (draw), so what it keeps is right."""
    translated: dict[str, str] = {}

    def translate(message: str) -> str:
        text = translated.get(message)
        if text is None:
            text = translated[message] = gettext(message)
        return text

    return translate
