"""A package manager reached through its library or through R is the package policy too.

``pip.main(["install", ...])`` and ``Gem.install("rails")`` are ``pip install`` and ``gem
install`` without the command line; R installs into the user's or the site library
(``install.packages()``, ``remotes::install_github()``, ``R CMD INSTALL``). Each is judged
by the rule of the command it equals: inside a virtualenv pip's passes, in a container every
one does. Every command here is data handed to the guard.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

OUTSIDE = (
    {"in_venv": False},
    {"in_venv": False, "unattended": True},
    {"in_venv": False, "sandboxed": True},
)


@pytest.mark.parametrize("mode", OUTSIDE)
@pytest.mark.parametrize(
    "command",
    [
        "python3 -c \"import pip; pip.main(['install', 'requests'])\"",
        "python3 -c \"import pip._internal; pip._internal.main(['install', 'x'])\"",
        "python3 -c \"from pip._internal.cli.main import main; main(['install', 'x'])\"",
        'python3 -c "import pip; pip.main(args)"',
        "ruby -e 'Gem.install(\"rails\")'",
        "ruby -e 'Gem::DependencyInstaller.new.install(\"rails\")'",
        "Rscript -e 'install.packages(\"dplyr\")'",
        "R -e 'remotes::install_github(\"r-lib/cli\")'",
        "R --vanilla -e 'BiocManager::install(\"limma\")'",
        "R CMD INSTALL mypkg_1.0.tar.gz",
        "R CMD INSTALL --library=/usr/lib/R/site-library .",
    ],
)
def test_a_package_install_through_a_library_or_r_is_the_package_policy(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.rule == "package-install" and verdict.category == "policy", (command, verdict)


@pytest.mark.parametrize(
    ("command", "mode"),
    [
        ("python3 -c \"import pip; pip.main(['install', 'requests'])\"", {"in_venv": True}),
        ("python3 -c \"import pip; pip.main(['list'])\"", {"in_venv": False}),
        ("ruby -e 'puts Gem.loaded_specs.keys'", {"unattended": True}),
        ("Rscript -e 'install.packages(\"dplyr\")'", {"in_container": True}),
        ("Rscript -e 'devtools::test()'", {"unattended": True}),
        ("Rscript -e 'renv::restore()'", {"sandboxed": True}),
        ("R CMD INSTALL -l rlib .", {"sandboxed": True}),
        ("R CMD check .", {"unattended": True}),
    ],
)
def test_what_installs_nothing_outside_stays_allowed(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)


def test_r_code_that_runs_a_command_is_still_judged_for_it() -> None:
    assert check("Rscript -e 'system(\"rm -rf ~\")'", unattended=True).rule == "rm-home"
