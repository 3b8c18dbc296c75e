"""The referee engine: the state of one hand and every ruling on it. Pure: no I/O.

A hand is a log of entries (the lines the table typed that took effect); its
state is what replaying that log gives.  ``Hand.apply_line`` applies one new
line at a time; undo and reopening a saved hand replay the log.  A ruling is
a list of typed events (``events``); the engine makes no sentence and reads no
language: the application says them where they are read (``referee.words``,
through the message layer).

Layers inside the package, dependencies pointing down::

    hand        one line in, a Ruling out (the checked path; ``push`` the one
                unchecked path); log, undo/redo/replay
    queries     state, check CARD, why (they read, never change)
    legality    what may be played now, and why (check, completion, bots)
    ruling      Ruling (events, rule cited, logged)
    draws doubles jumpin   a turn's draws (they play through plays), several cards as
                one play, a card out of turn on its twin (R10.70)
    runs        a run's shape and the cards of it that act (R10.6x; pure, of cards)
    plays matching  a card put on the pile; the checks of a card (what governs it)
    table deal blocked lastcard actions goingout order corrections demands swap
                (the rules)
    piles       drawing, the reshuffle, exhausted piles (what the rules that draw share)
    dealt       the hand as dealt: its facts and the queries that only read the state
    state  tables  events actionevents                      (data)
    reading > rulecheck > valuecheck > tomlsource > rules > keys   house rules: a file
                read, its tables and values checked, TOML lines, the HouseRules
                value, each key declared

The package imports nothing until one of its names is asked for
(``from referee.engine import Hand`` loads ``hand`` and the rules; importing
``referee.engine.dealt`` loads only ``dealt``, ``state`` and ``order``).

Glossary (one name per concept):

- a *double*: several cards of one rank put down as one play (R3.10,
  ``multi_play``; ``Tables.multi_play``: this table plays them).  *Doubling*: a
  card doubling a pending penalty its own rank made (R5.6, R9.14, ``[stacking]
  double``; ``Tables.doubling_ranks``, ``HouseRules.double_ranks``).
- a *run*: consecutive ranks in one suit put down as one play, turning to another
  suit on a card of the same rank (R10.60, ``multi_play = "run"``; ``Tables.runs``);
  a play of several cards is a double or a run (``runs.is_run``), and only the cards
  of its last rank *act* (``runs.acting``, R10.64).
- a card *names a suit* when its effects hold ``name_suit`` (R5.4, R9.8;
  ``Tables.names``).  An entry *needs a suit* when it must be typed with one: a
  starter that acts (``deal.needs_suit``, ``legality.start_names_suit``, R9.16),
  a play that does not empty the hand (``matching.names_suit``, ``Legal.names_suit``,
  R5.4).
- *today's keys*: the R8 keys that also decide what a rank does (``king``,
  ``jack_wild`` ..., ``keys.OLD_KEY_RANK``); a rank's *meaning* is what it does
  by the rule book under them (``keys.RANK_MEANINGS``) and its *classic rule* the
  R5 rule it cites while it keeps that meaning (``effects.classic_rule``).  *Old
  keys* (``keys.OLD_KEYS``) are keys of earlier versions a file may still write.
- *Tables* (``compiled``): a rule set's compiled facts, not where players sit.

Map from rule ids to code (RULES.md):

- R0.2 corrections, undo/redo ... ``corrections.fix``, ``Hand.undo``, ``Hand.redo``,
  ``Hand.replay``
- R0.3 order of refusals ........ ``Hand._line_actor``, ``Hand.check_status``,
  ``order.check_turn``, ``matching.check_play`` (deck, what governs the next card:
  penalty, skip, limit, matching, ``matching.governs``; Jack's suit, finishing card),
  ``draws.check_draw_play`` (draw-and-play refusals), ``doubles.together_refusal``
- R0.4 effect-bearing refusals .. ``Hand._refusal_effect`` (``Reason.card_refused``)
- R1.1 players .................. ``Hand._line_actor``, ``Dealt.player``
- R1.3 decks in play ............ ``dealt.Dealt`` (``decks``, ``deck_total``)
- R1.3 / R1.4 deck, identity .... ``table.check_deck`` (``table.in_deck``)
- R1.5 leaving .................. ``table.leave``
- R2.2 deal size ................ ``state.HandState.reset`` (fit: ``rulecheck.check_table_fits``)
- R2.3-R2.5 starter ............. ``deal.start`` (who plays first: ``Dealt.first_player``)
- R3.1-R3.3 matching ............ ``compiled.matches`` (compiled to ``Tables.fits``),
  ``matching.card_refusal``; a card put on the pile ``plays.play``
- R3.4 draw (then play) ......... ``draws.draw``, ``draws.draw_play``
- R3.5 / R3.6 reshuffle, exhausted ``piles.take``, ``piles.exhausted``
- R3.7 turn ..................... ``order.check_turn``
- R3.8 illegal play ............. ``Hand._refusal_effect``
- R3.9 blocked hand ............. ``blocked.check_blocked`` (``idle``, ``penalty_turn``)
- R4 last card .................. ``lastcard`` (R4.5 the lapse: ``piles.lapse``)
- R5 action cards ............... ``actions.effect``, ``actions.king``,
  ``actions.aim_penalty``; R5.7 stacking ``compiled.stacks``, ``actions.must_stack_refusal``,
  ``draws.take_penalty``
- R3.10 several cards as one play ``doubles``
- R10.60-R10.65 runs ............ ``runs`` (the sequence ``runs.broken_at``, the cards
  that act ``runs.acting``), ``doubles.together_refusal``, ``plays.play``
  (``runs.split``); ``Legal.follows``
- R6.1 / R6.2 going out ......... ``goingout`` (every way a hand ends: ``goingout.hand_over``)
- R8.4 free turn order .......... ``order`` (no turn), ``Tables`` (no Seven/Eight/Four)
- R10.21 stacked waits ......... ``actions._skip`` (pending, added to), ``actions.pass_skip``
  (accepted), ``order.use_skip`` / ``order.tell_waits`` (each turn waited, told),
  ``matching.governs`` (a wait governs as a skip passed on: ``Tables.waits``)
- R10.22 a demanded rank ....... ``demands`` (``check``, ``played``, ``acted``, ``tell_end``),
  ``actions._demand``, ``matching.governs`` (``DEMAND``); the rank typed after the card:
  ``notation.Play.suit`` (``cards.try_rank``)
- R10.50-R10.52 draw policy ..... ``draws.by_policy``, ``draws.check_counted``,
  ``draws.counted_draw``, ``draws.draw_play`` with its count (``d 3``, ``d 3 5h``;
  ``Legal.draw_counts``, ``Legal.may_draw``)
- R10.80-R10.83 the calls' own words .. ``HouseRules.last_call``, ``lastcard.out_call``
  (the factor in ``out_factor``, scored by ``referee.series.scoring``)
- R10.30 / R10.31 swap .......... ``swap.check_target`` (who may be named), ``actions._move``
  (the hands move, beside R9.11 and R9.12), ``Tables.swaps``, ``notation`` (``7h Anna``)
- R10.70-R10.75 jump-in ......... ``jumpin`` (``may_jump``, ``refusal``, ``jump``,
  ``jump_mask``: ``Legal.mask`` and ``Legal.jumping`` for a player whose turn it is
  not), ``Hand._act_play``; free order refused: ``rulecheck._check_jump_in``
- what is legal now ............. ``legality.legal``, ``legality.refusal``, ``Hand.push``
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.engine.events import Event, Reason, Refusal, Refused
    from referee.engine.hand import Hand
    from referee.engine.legality import Legal
    from referee.engine.ruling import ReplayError, Ruling

__all__ = ["Hand", "Ruling", "ReplayError", "Event", "Reason", "Refused", "Refusal", "Legal"]


def __getattr__(name: str):
    """The package's names, each imported when first asked for (PEP 562), so that
    importing a light module of the engine (``dealt``, ``state``, ``compiled``)
    does not load the rule modules under ``hand``."""
    if name == "Hand":
        from referee.engine.hand import Hand as value
    elif name == "Legal":
        from referee.engine.legality import Legal as value
    elif name in ("Ruling", "ReplayError"):
        from referee.engine import ruling
        value = getattr(ruling, name)
    elif name in ("Event", "Reason", "Refused", "Refusal"):
        from referee.engine import events
        value = getattr(events, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
