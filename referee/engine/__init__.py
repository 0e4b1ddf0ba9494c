"""The rules engine: the referee, its rulings, and the units editions and house rules plug in.

    ref = Referee(header)             # SetupError if the header cannot be refereed
    ruling = ref.check(event)         # the ruling apply would give; nothing changes
    ruling = ref.apply(event)         # rules and, if it holds, moves the session on
    ruling.ok, ruling.rule, ruling.parts, ruling.state   # parts: data (`referee.render`)
    ref.legal_moves("Bob"), ref.waiting_for(), ref.actor()

No module outside the engine decides a rule: it asks these.
"""

# Each name is loaded from its module when first asked for (PEP 562): naming an edition, a
# rulebook or a scoring (the app's session list) loads those modules, not the referee.
TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from .referee import Referee
    from .ruling import Refusal, Ruling, changes_nothing
    from .scoring import scoring_kind_name, scoring_name
    from .setup import SetupError, editions, house_rule_title, house_rules, option_specs, resolve
    from .titles import edition_title, family_name

_HOMES = {
    "Referee": "referee",
    **dict.fromkeys(("Refusal", "Ruling", "changes_nothing"), "ruling"),
    **dict.fromkeys(("scoring_kind_name", "scoring_name"), "scoring"),
    **dict.fromkeys(
        (
            "SetupError",
            "editions",
            "house_rule_title",
            "house_rules",
            "option_specs",
            "resolve",
        ),
        "setup",
    ),
    **dict.fromkeys(("edition_title", "family_name"), "titles"),
}
"""The module that holds each name."""

if not TYPE_CHECKING:
    from ..lazy_names import loader

    __getattr__ = loader(__name__, _HOMES)

__all__ = [
    "Referee",
    "Refusal",
    "Ruling",
    "SetupError",
    "changes_nothing",
    "edition_title",
    "editions",
    "family_name",
    "house_rule_title",
    "house_rules",
    "option_specs",
    "resolve",
    "scoring_kind_name",
    "scoring_name",
]
