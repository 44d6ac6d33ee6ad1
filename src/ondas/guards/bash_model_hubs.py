"""Model training command lines known by their verbs, and what they fetch from a model hub
(issue 30, round 21).

LitGPT's verbs train, fine-tune, evaluate, chat with and serve a model on this machine from a
checkpoint directory, writing their results into an output directory. A model named as a hub
repository (``microsoft/phi-2``) is downloaded from the Hugging Face hub when no checkpoint of
it is here (``auto_download_checkpoint``), ``download`` always fetches one, ``evaluate``
fetches its benchmarks' datasets and ``finetune`` its dataset unless a local one (``--data
JSON``, ``TextFiles``) is named: in unattended runs each is judged as a fetch of the hub, the
network policy's. Imported only for a command naming one of
:data:`ondas.guards.bash_known.HUB_MODEL_TOOLS`.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, block, check_write_target, word_set
from ondas.guards.verdict import ALLOW, Verdict

HUB = "https://huggingface.co/"
"""Where a hub repository's name (``owner/name``) is downloaded from."""
LITGPT_VERBS = word_set(
    "download chat finetune finetune_lora finetune_full finetune_adapter finetune_adapter_v2 "
    "pretrain generate generate_full generate_adapter generate_adapter_v2 "
    "generate_sequentially generate_speculatively generate_tp convert_to_litgpt "
    "convert_from_litgpt convert_pretrained_checkpoint merge_lora evaluate serve"
)
"""LitGPT's verbs (its ``__main__``'s parser table), ``validate`` aside."""
AUTO_DOWNLOADS = word_set(
    "chat serve evaluate finetune finetune_lora finetune_full finetune_adapter finetune_adapter_v2"
)
"""Verbs that download a model named as a hub repository when no checkpoint of it is here."""
FINETUNES = word_set("finetune finetune_lora finetune_full finetune_adapter finetune_adapter_v2")
LOCAL_DATA = word_set("JSON TextFiles LitData")
"""Data modules that read the files they are given (the others download a dataset; without
``--data``, ``finetune`` downloads Alpaca's)."""
IN_PLACE = word_set("convert_to_litgpt convert_pretrained_checkpoint merge_lora")
"""Verbs that write into the checkpoint directory they are given."""
OUTPUTS = word_set("--out_dir --output_dir --checkpoint_dir")
"""Options naming where a verb writes (``download``'s ``--checkpoint_dir`` too)."""


def litgpt(args: list[Word], ctx: Ctx, segment: str) -> Verdict | None:
    """LitGPT's command line: its outputs judged as writes, in unattended runs its hub
    fetches as the network policy's, and ALLOW for a known verb; None for a verb the table
    does not know (left to the unknown-program rule)."""
    operands, options = _split(args)
    if not operands or operands[0].value not in LITGPT_VERBS:
        return None
    verb = operands[0].value
    named = operands[1:]
    for word in _values(args, OUTPUTS):
        if word.value is not None:
            verdict = check_write_target(word, ctx, segment)
            if not verdict.allowed:
                return verdict
    if verb in IN_PLACE and named and named[0].value is not None:
        verdict = check_write_target(named[0], ctx, segment)
        if not verdict.allowed:
            return verdict
    if not ctx.unattended:
        return ALLOW
    for url in _fetches(verb, named, options, args):
        if url is None:
            return block(
                "network-unknown-target",
                segment,
                f"litgpt {verb} is given a model computed at run time, which it may download",
            )
        from ondas.guards.bash_net import network_url

        verdict = network_url(url, ctx, segment)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _fetches(verb: str, named: list[Word], options: set[str], args: list[Word]) -> list[str | None]:
    """The URLs a verb downloads (None: a name computed at run time)."""
    urls: list[str | None] = [
        w.value for w in args if w.value is not None and "://" in w.value
    ]  # ``--config https://...``
    first = named[0].value if named else ""
    if verb == "download" and first != "list" and named:
        urls.append(None if first is None else HUB + first)
    if verb in AUTO_DOWNLOADS and named:
        if first is None:
            urls.append(None)
        elif _hub_name(first):
            urls.append(HUB + first)
    if verb == "evaluate":
        urls.append(HUB + "datasets")  # lm-eval's benchmarks
    data = [w.value for w in _values(args, word_set("--data"))]
    if any(d is None or d not in LOCAL_DATA for d in data):
        urls.append(HUB + "datasets")
    if verb in FINETUNES and not data and "--config" not in options:
        urls.append(HUB + "datasets")  # Alpaca's, the default
    return urls


def _hub_name(value: str) -> bool:
    """``owner/name``: what LitGPT downloads when no checkpoint of it is here (not a path
    below ``checkpoints/``, an absolute one or one of more parts, ``out/model/final``)."""
    owner, slash, name = value.partition("/")
    return (
        bool(slash and owner and name)
        and "/" not in name
        and owner not in {".", "..", "~", "checkpoints", "out"}
        and not owner.startswith(("$", "~"))
    )


def _split(args: list[Word]) -> tuple[list[Word], set[str]]:
    """The operands of ``args`` (the verb first) and the names of its options: LitGPT's
    parser (jsonargparse) gives every long option a value, the next word unless glued by
    ``=`` (``--tokenizer_only True``, ``--train.max_tokens 10``)."""
    operands: list[Word] = []
    options: set[str] = set()
    skip = False
    for word in args:
        v = word.value
        if skip:
            skip = False
        elif v is not None and v.startswith("-") and v != "-":
            options.add(v.split("=", 1)[0])
            skip = v.startswith("--") and "=" not in v
        else:
            operands.append(word)
    return operands, options


def _values(args: list[Word], names: frozenset[str]) -> list[Word]:
    """The values of the options ``names`` (``--out_dir DIR``, ``--out_dir=DIR``)."""
    out: list[Word] = []
    for k, word in enumerate(args):
        v = word.value or ""
        head, eq, inline = v.partition("=")
        if head not in names:
            continue
        if eq:
            out.append(Word(inline, inline))
        elif k + 1 < len(args):
            out.append(args[k + 1])
    return out
