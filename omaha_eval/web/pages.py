"""The pages: each is templates/base.html (the header linking them all)
around its own templates/<page>.html, with its script from static/.  A
page reads its form's state from the link's query string and runs it, so
a link is a shareable spot (static/common.js)."""

from __future__ import annotations

import html
from importlib import resources
from string import Template

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from omaha_eval.games import HOLE_SIZES, MAX_PLAYERS, PLAYERS
from omaha_eval.study.boards.board_report import ROW_TRIALS
from omaha_eval.study.hits import HIT_GROUPS, SHOW_DEFAULT
from omaha_eval.study.split import COMBO_TRIALS
from omaha_eval.study.table.textures import GROUPINGS
from omaha_eval.web.bodies import MAX_QUERY, MAX_TEXT
from omaha_eval.web.work import DEFAULT_TRIALS, RANGE_LIMIT

__all__ = ["PAGES", "RUN_LABELS", "page_routes"]

SPOT_PAGES = ("equity", "boards", "split")  # the pages with players, a board and the card picker
CURRENT = ' aria-current="page"'  # the header's link to the page shown
# path -> (title in the header, what the page does)
PAGES = {
    "equity": ("Equity", f"Equity of {PLAYERS[0]} to {MAX_PLAYERS} hands or ranges"),
    "query": ("Query", "Queries over the deals of a spot (PQL)"),
    "boards": ("Boards", "How a spot's equity changes with the board"),
    "hits": ("Hits", "What a range makes on a board: lows, draws, sets..."),
    "beats": ("Beats", "What beats a hand now, for high and for low"),
    "split": ("Split", "The hi x lo split of every hand of a range"),
    "solve": ("Solve", "Equilibrium strategies of a heads-up river spot (hi/lo CFR)"),
    "range": ("Range", "What a range text holds"),
    "hand": ("Hand", "The best high and low of a hand on a board"),
}


# The board's label and example on the pages that ask for known cards
# (templates/known_cards.html): the spot pages', and those of their own.
BOARD_FIELDS = {
    "spot": ("Board", "Jd4d8c"),
    "hits": ("Board (none: every flop)", "7h5h2c"),
    "beats": ("Board (a flop, turn or river)", "Qh7h6s2c"),
    "solve": ("Board (the river: 5 cards)", "Kh7d2c3s8h"),
}
# What a page's trials and target apply to, and its default trials: a split
# graph samples each combo, a board report each row (fewer a row in a
# report of many), the others the whole spot.
RUN_LABELS = {
    "split": ("Trials per combo", COMBO_TRIALS, "Target standard error of each combo"),
    "boards": ("Trials per row", ROW_TRIALS, "Target standard error of each row"),
}
SPOT_RUN = ("Trials", DEFAULT_TRIALS, "Target standard error")
# The run button's word (templates/actions.html for runs that can be
# cancelled, quick_actions.html for short answers), where it is not "Run".
RUN_BUTTONS = {
    "hits": "Show",
    "solve": "Solve",
    "hand": "Evaluate",
    "range": "Show",
    "beats": "Show",
}
# What a page groups and its row when ungrouped (templates/group_choice.html).
GROUP_CHOICES = {"boards": ("boards", "board"), "hits": ("flops", "flop")}
# Who the players are on a spot page (templates/spot_cards.html).
PLAYERS_LEGENDS = {
    "split": "Player 1 is the hero (a range or a hand); the others the villains: hands, "
    "<code>*</code>, at most one range",
}
SPOT_PLAYERS = "Players ($MIN_PLAYERS to $MAX_PLAYERS): a hand, <code>*</code> or a range"
# The rows' filter, sort and count (templates/row_choice.html) on the pages
# that list rows: each label and example.
ROW_FIELDS = {
    "boards": ("Only rows where", "scoop>50% and pairing=unpaired", "Sort by", "equity asc"),
    "hits": (
        "Only rows where",
        "set>10% and pairing=unpaired",
        "Sort by",
        "nut_low_draw, probability asc",
    ),
    "split": ("Only the combos where", "scoop>50% and makes_low<0.2", "Sorted by", "equity"),
}
ROW_TOP = {"split": "The first"}  # the count's label, where it is not "First rows only"


def _template(name: str) -> str:
    return (resources.files("omaha_eval.web") / "templates" / name).read_text(encoding="utf-8")


def _part(name: str, bounds: dict[str, str], **values: str) -> str:
    """Form part `name` (templates/) with the bounds and `values` put in
    (without its last line break: a page puts it on a line of its own)."""
    return Template(_template(name)).safe_substitute(bounds, **values).removesuffix("\n")


def _bounds() -> dict[str, str]:
    """The limits, names and defaults the forms show, from their owners."""
    return {
        "MIN_PLAYERS": str(PLAYERS[0]),
        "MAX_PLAYERS": str(MAX_PLAYERS),
        "MAX_TEXT": str(MAX_TEXT),
        "MAX_QUERY": str(MAX_QUERY),
        "RANGE_LIMIT": str(RANGE_LIMIT),
        "HOLE_OPTIONS": "".join(f"<option>{k}</option>" for k in HOLE_SIZES),
    }


def _body(page: str) -> str:
    """The page's own part, with the form parts every page that has them
    shares (templates/: the board, dead cards and game; the run options and
    the actions; the spot's players and card picker; the strict box; the
    rows' grouping, filter and sort) and the bounds from their owners (_bounds)."""
    bounds = _bounds()
    label, example = BOARD_FIELDS.get(page, BOARD_FIELDS["spot"])
    bounds["KNOWN_CARDS"] = _part(
        "known_cards.html", bounds, BOARD_LABEL=label, BOARD_EXAMPLE=example
    )
    button = RUN_BUTTONS.get(page, "Run")
    bounds["ACTIONS"] = _part("actions.html", bounds, RUN_BUTTON=button)
    bounds["QUICK_ACTIONS"] = _part("quick_actions.html", bounds, RUN_BUTTON=button)
    trials, default, target = RUN_LABELS.get(page, SPOT_RUN)
    options = _part(
        "run_options.html",
        bounds,
        TRIALS_LABEL=trials,
        TRIALS_DEFAULT=str(default),
        TARGET_LABEL=target,
    )
    grouped, row = GROUP_CHOICES.get(page, ("", ""))
    legend = Template(PLAYERS_LEGENDS.get(page, SPOT_PLAYERS)).substitute(bounds)
    where, where_example, sort, sort_example = ROW_FIELDS.get(page, ("", "", "", ""))
    rows = _part(
        "row_choice.html",
        bounds,
        WHERE_LABEL=where,
        WHERE_EXAMPLE=where_example,
        SORT_LABEL=sort,
        SORT_EXAMPLE=sort_example,
        TOP_LABEL=ROW_TOP.get(page, "First rows only"),
    )
    return _part(
        f"{page}.html",
        bounds,
        RUN_OPTIONS=options,
        SPOT_CARDS=_part("spot_cards.html", bounds, PLAYERS_LEGEND=legend),
        STRICT=_part("strict.html", bounds),
        ROW_CHOICE=rows,
        GROUP_CHOICE=_part(
            "group_choice.html",
            bounds,
            GROUP_WHAT=grouped,
            GROUP_ROW=row,
            GROUP_OPTIONS=_group_options(),
        ),
        SHOW_OPTIONS=_show_options(),
    )


def _group_options() -> str:
    """The texture groupings (study/table/textures.py) as a select's options."""
    return "\n".join(
        f'<option value="{html.escape(g)}">{html.escape(g)}</option>' for g in GROUPINGS
    )


def _show_options() -> str:
    """The groups of hit classes (study/hits.py HIT_GROUPS) as a select's
    options, the default first."""
    groups = [*SHOW_DEFAULT, *(g for g in HIT_GROUPS if g not in SHOW_DEFAULT)]
    return "\n".join(
        f'<option value="{html.escape(g)}">{html.escape(g.replace("_", " "))}</option>'
        for g in groups
    )


def _scripts(page: str) -> str:
    names = ["common", *(["spot"] if page in SPOT_PAGES else []), page]
    return "\n".join(f'<script src="/static/{name}.js"></script>' for name in names)


def render(page: str) -> str:
    """The page's HTML: the header (this page marked current), its body."""
    if page == "apidocs":
        title, what = "API", "The JSON API of this server"
    else:
        title, what = PAGES[page]
    links = [(f"/{p}", t, p) for p, (t, _) in PAGES.items()] + [("/api/docs", "API", "apidocs")]
    nav = "\n".join(
        f'<a href="{href}"{CURRENT if key == page else ""}>{html.escape(label)}</a>'
        for href, label, key in links
    )
    return Template(_template("base.html")).substitute(
        title=html.escape(title),
        what=html.escape(what),
        nav=nav,
        body=_body(page),
        scripts=_scripts(page),
    )


def page_routes() -> list[Route]:
    rendered = {page: render(page) for page in [*PAGES, "apidocs"]}

    def serve(page: str) -> Route:
        async def answer(request: Request) -> Response:
            return HTMLResponse(rendered[page])

        path = "/api/docs" if page == "apidocs" else f"/{page}"
        return Route(path, answer, methods=["GET"], name=f"page_{page}")

    async def home(request: Request) -> Response:
        return RedirectResponse("/equity", status_code=307)

    return [Route("/", home, methods=["GET"]), *(serve(p) for p in rendered)]
