"""Files a program writes because an option names them: checked as write targets.

``iconv -o FILE``, ``pandoc -o FILE``, ``rustc -o FILE``, ``tsc --outFile FILE``, ``mypy
--junit-xml FILE``: a program no rule names still writes where its output option points, as a
redirect does, so the target is judged like one (outside the project and its temp areas:
``write-outside-project``, both modes). The long spellings (``--output``, ``--out-file``,
``--outdir``, ``--log-file``...) mean an output file to every CLI that has them; ``-o`` does
only to the programs of :data:`PROGRAM_OUTPUTS` (``grep -o``, ``ls -o``, ``ssh -o`` mean other
things).
A value that is not a path (``--output json``) is a relative name and lands in the project; a
value computed at run time is left to the program.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, check_write_target, option_values, word_set
from ondas.guards.verdict import ALLOW, Verdict

OUTPUT_OPTIONS = word_set(
    "--output --output-file --out-file --outfile --outFile --out --outdir --outDir --out-dir "
    "--output-dir --output-directory --junit-xml --junitxml --log-file --logfile --report-file "
    "--html-report --xml-report --txt-report --lineprecision-report --cobertura-xml-report "
    "--declarationDir --tsBuildInfoFile"
)
"""Long options whose value is a file or directory the program writes."""
_COMPILERS = (
    "gcc g++ cc c++ clang clang++ rustc ld ld.lld ld.gold as nasm tcc nvcc zig iconv pandoc "
    "kotlinc swiftc ghc protoc xsltproc dot asciidoctor groff pdftk qpdf gs convert magick"
)
PROGRAM_OUTPUTS = {
    **dict.fromkeys(_COMPILERS.split(), word_set("-o")),
    "javac": word_set("-o -d"),
    "shuf": word_set("-o"),
    "history": word_set("-w -a"),
}
"""Programs whose short options name the file or directory they write (``-o`` of compilers
and converters, ``javac -d``, bash's ``history -w FILE``); elsewhere ``-o`` means other things
(``grep -o``, ``ls -o``, ``ssh -o``)."""
POSITIONAL_OUTPUTS = {"xxd": ("-r", 1)}
"""Programs that write their second operand in one mode (``xxd -r IN OUT``)."""


def output_files(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """The files ``name`` writes by an output option, each checked as a write target."""
    dash_o = PROGRAM_OUTPUTS.get(name, frozenset())
    positional = POSITIONAL_OUTPUTS.get(name)
    if positional is not None and any(w.value == positional[0] for w in args):
        operands = [w for w in args if w.value in {None, "-"} or str(w.value)[:1] != "-"]
        if len(operands) > positional[1] and operands[positional[1]].value is not None:
            verdict = check_write_target(operands[positional[1]], ctx, seg)
            if not verdict.allowed:
                return verdict
    # ``--output FILE``, ``--output=FILE``, ``-o FILE``, ``-obuild/app``
    for target in option_values(args, OUTPUT_OPTIONS | dash_o, dash_o, short_equals=False):
        if target.value is None:
            continue  # a target computed at run time: the program's own business
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW
