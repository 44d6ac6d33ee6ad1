"""Everyday developer commands, taken from public repositories' own command lines.

The everyday set is what developers of real projects run: the ``run:`` steps of their GitHub
workflows, the recipes of their Makefiles and justfiles, the lines of their ``scripts/`` and
the shell blocks of their CONTRIBUTING and README files. This script reads those files from
local git mirrors (one ``owner+name/repo`` directory each, as the search tool's ``fetch``
leaves them), keeps each line that is one complete bash command (it parses alone, holds no
``${{ }}`` workflow expression, make variable or GitHub runner variable, is not the tail of
a continued line, reads no variable its own file sets), and gives them grouped under a
``# source: owner/name@commit path`` line. Nothing is run. The repositories and their commits
are :data:`REPOS`; ``bench/guard_corpora.py`` reads the set through :func:`everyday_lines`
(none of it is kept in this repository: fetched public files stay out of its commits).

A second, held-out set is taken the same way from :data:`HELD_OUT_REPOS`, which nobody tuned
the guard on (:func:`held_out_lines`); for it the ``scripts`` of each ``package.json`` (which
npm, pnpm and yarn run with a shell) are read as well, a common file of its JavaScript
repositories that the first set never needed. The bench prints its aggregate only.

Usage: ``python bench/everyday_extract.py [MIRROR_ROOT]`` prints the set (default root
``$ONDAS_PEER_MIRRORS`` or ``/work/.mirror``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Collection
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ondas.guards.bash import _parser, parser_input  # noqa: E402

REPOS = {
    "pallets/flask": "2ac89889f4cc330eabd50f295dcef02828522c69",
    "psf/requests": "1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e",
    "encode/httpx": "ae1b9f66238f75ced3ced5e4485408435de10768",
    "pytest-dev/pytest": "df87db7b0462fb764ef73fa00561adf8ad047572",
    "BurntSushi/ripgrep": "3fce3b5bb0236da2df6d99672afb8a719642eca7",
    "tokio-rs/tokio": "ea91b33ca57ff0581b38e735cc108f831bccbdaa",
    "spf13/cobra": "adbc8813901bba65827259daa8e22ff94ec1f30e",
    "expressjs/express": "a3714473feb3d2908add734d340e7755fd85e0a3",
}
"""The repositories the set is taken from, each at a named commit (see
``tests/guards/everyday/SOURCE.md``)."""
HELD_OUT_REPOS = {
    "sharkdp/bat": "2ba8db9c14e5794572f5ea338c2b90404c9769cb",
    "caddyserver/caddy": "0cf03d32f7d99cf160d5375e8a40fbe3d910d515",
    "vuejs/core": "e2bede96134f757aad5c5b33ac9be055022dbfc8",
    "excalidraw/excalidraw": "4872083c044491b6d5c96ae134a75464f96d6831",
    "fastapi/full-stack-fastapi-template": "68adb40d37425f6f8668ec7e5a054500d045e43e",
    "rubocop/rubocop": "3a42c622171794510e03999c8d55129b73c5dc8f",
    "maybe-finance/maybe": "77b5469832758d1cbee1a940f3012a1ae1c74cd3",
    "square/okhttp": "1682d9bac8c03dffde2969b0b74d47649d0dbb52",
    "App-vNext/Polly": "173d6d1d2e28a4697f1ac1d22da68f77ff19a0c9",
    "fmtlib/fmt": "60ccad511fd680cb91d8b60a315759f71c67bef9",
    "prometheus-community/helm-charts": "cf408a290aec489277a94450bb3511432477a53a",
    "terraform-aws-modules/terraform-aws-vpc": "82d1929e669efef4e2ad00611b8a68e7a56e049c",
    "mwaskom/seaborn": "f04b6cd5484267a0885d1fed068e99dff3a1b226",
    "laravel/framework": "bd71b45fbb7e672957bf6ff61baddefe15fbca6a",
}
"""The held-out set's repositories (issue 30, 2026-12-04), never looked at while the guard was
tuned, each at a named commit (see ``tests/guards/everyday/SOURCE.md``)."""
LOOKED_AT_FROM_ROUND_7 = tuple(sorted(HELD_OUT_REPOS, key=str.lower)[::2])
"""Half of :data:`HELD_OUT_REPOS`, chosen mechanically before any of its commands was looked
at (every other repository in case-blind alphabetical order, from the first): its commands are
looked at while the guard is tuned from round 7 on; the other half stays held out."""
ROUND_9_REPOS = {
    "android/nowinandroid": "d6abd6d3e562ae0f017888f5d62042316a49a2d6",
    "astronomer/astronomer-cosmos": "d2c90b4b076519f5d19c8e16948180479a984523",
    "aws-ia/terraform-aws-eks-blueprints": "98d0eb4069e787210848eeefcb2b9ba8e52706e7",
    "dbt-labs/dbt-core": "43aa6e8a621e703984cfcb84259a81be32518878",
    "denoland/fresh": "39b5f06f8a7d7fa02dd2e2950f2291d04ef9fea7",
    "dotnet/eShop": "5624ad564d1602a927879df32a79b94522eb6101",
    "elysiajs/elysia": "8358ff9efbcedf9534995f5977f26b9ceab59329",
    "infinitered/ignite": "a0464bf1337099eb3bb7cbdef54fbcd0ccf94859",
    "libuv/libuv": "6179e7af87413396d5853a1c3722c8b5749336c8",
    "livebook-dev/livebook": "1c0941f67571cd494117897d260c39731e0a1062",
    "lobsters/lobsters": "57268d762e1c2c95b7a8e64ee8deb259cddd8cc0",
    "localsend/localsend": "af0416be50770a97760f7070684bc667b759a15c",
    "minio/minio": "7aac2a2c5b7c882e68c1ce017d8256be2feea27f",
    "spring-projects/spring-petclinic": "edf4db28affcc4741c79850a3d95bc3f177b5ff9",
    "symfony/demo": "920d86dc809f837543cb519d3df5b364a2c36577",
    "wagtail/wagtail": "c2ae43b9265d085c95142cd1a1f8563ad2eb4de9",
}
"""Round 9's sixteen repositories (issue 30, 2026-12-04), chosen by ecosystem before any of
their commands was extracted, each at a named commit (see ``tests/guards/everyday/SOURCE.md``);
read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_9 = tuple(sorted(ROUND_9_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_9_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_7` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 9 on; the other half is held out whole."""
ROUND_9B_REPOS = {
    "Alamofire/Alamofire": "7595cbcf59809f9977c5f6378500de2ad73b7ddb",
    "cachix/devenv": "5844e78c960ab73bb92e131bc2902b39b9ee52dd",
    "cli/cli": "44ee17760709bedf1cad7e452e61751489b81a33",
    "geerlingguy/ansible-for-devops": "86e1bf80098239cd995d54217585e8d61117d2e7",
    "huggingface/accelerate": "16cb6eb80dd9aa8b4df1a63ef57863e455d53b83",
    "jupyter-book/jupyter-book": "1405594a0678a9a2ef0f5ba314a0ea7b9d5bfe95",
    "koalaman/shellcheck": "764802b7c023e9fdc191c12f57c418f186ad76ae",
    "meilisearch/meilisearch": "5cb2f2e94befc717bbea60fec4a31ee64d2f60fd",
    "ocaml/dune": "8deee3bb92dcf42a861aaf3ac35182ca10511210",
    "phoenixframework/phoenix": "167c46950cf53aef363d672687cc653267c20aa6",
    "raysan5/raylib": "abe23bf82dcab18a618067843aed4eec2b24ba97",
    "typelevel/cats": "7f2dce5162074c0a0ebc597b89b6cd25e5fe0536",
    "withastro/astro": "99d3d3dbbfa4fd7b128a056337f1a719437a7377",
}
"""Round 9b's thirteen repositories (issue 30, 2026-12-04), chosen by ecosystem before any of
their commands was extracted, each at a named commit (see ``tests/guards/everyday/SOURCE.md``);
read as :data:`HELD_OUT_REPOS` are, and looked at whole (tuned on) from the start."""
ROUND_10_REPOS = {
    "agherzan/meta-raspberrypi": "eed544f1d06455940906842ad746f2f0405c2911",
    "babashka/babashka": "e30bea13e264bb05d20a2c1803fb3f0ed4b81693",
    "bazelbuild/rules_python": "6854dc3880b1ff81659ad4a36fb2e6551f41d0e2",
    "cert-manager/cert-manager": "2d0d7f7f74241a9cbf79f0e2a7bb247238ee09fd",
    "commercialhaskell/stack": "7f6e8f38b6ad162686c8e8e0d02f64521b708f92",
    "crystal-lang/crystal": "3fe7241e32f80692aa875fde52c631e70882e402",
    "Cysharp/UniTask": "ceac8d6946b1125fe782cd171fbcb245b567dbf9",
    "electron/fiddle": "9ca8f1ab1d783a835078c49c8a7009e82a10c6e4",
    "erlang/rebar3": "e8147e32210ad864966a718d148db163c7830f72",
    "esphome/esphome": "33fdbbe30c4d9643300483bf2dfd85d992e2cf86",
    "FluxML/Flux.jl": "3f2f828b523d7ea202cc9295ab4f174f2f45e3f2",
    "folke/lazy.nvim": "306a05526ada86a7b30af95c5cc81ffba93fef97",
    "godotengine/godot-demo-projects": "cae8dc567a56d3e7936f171bcb85f0ccb9634ad0",
    "google/docsy": "83c5cc14ee6a44190cacec20b8e1c15973df97fd",
    "mojolicious/mojo": "b4de430651b722f560b1577da9018e3f402d96ab",
    "nim-lang/nimble": "5df81e6edb8ee501cc458746739250b7414eca35",
    "r-lib/devtools": "04a24d6da9e655d39400253364a00be53ee0cffa",
    "tigerbeetle/tigerbeetle": "52ad553f96355e63516ecfc8db25540c17c1c0c7",
}
"""Round 10's eighteen repositories (issue 30, 2026-12-04), chosen by ecosystem and kind of
project before any was fetched (three first choices over the snapshot size limit replaced by
the fallback named with them), each at the newest commit of its snapshot (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_10 = tuple(sorted(ROUND_10_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_10_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_9` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 10 on; the other half is held out whole."""
ROUND_11_REPOS = {
    "aspect-build/rules_js": "9373ed5ac01d4335c5b80083fded440eb12e9535",
    "composer/composer": "eba7baa59eb1b59246cf9800b0120fe78915b6ac",
    "elixir-ecto/ecto": "c624abf4297b27589a5a7351b55feb2316f61e1c",
    "fastlane/fastlane": "d5347690d47de21d0e6fe78bd5ce77e35a714350",
    "felangel/bloc": "61ef3b1d767a808f9f698d67fa9fa7129b32a6e2",
    "gruntwork-io/terragrunt": "286a33cb8f79d5ef9177d835561e94fe3cc3caf0",
    "hadolint/hadolint": "8f936c5e975d3663b3cce4ac5b3baa3db26b8516",
    "iterative/dvc": "9f901e57a20889bd08f91479cd326c3b7f80d037",
    "jbogard/MediatR": "8a64581e2570e7410c5f44835d9ea112beccbe6b",
    "love2d/love": "042d4a1e1c4d8b154c780e6ee1294d572a710242",
    "meshtastic/firmware": "77540685824623d5e750da80dfd0e791008a5c73",
    "nix-community/home-manager": "ec1a8fdf74ed3f276148ee106299a2ba0e65d51f",
    "ocaml-ppx/ocamlformat": "20c4543119c82a51c2f3a9bf81620a7f31fe0e50",
    "SciML/DifferentialEquations.jl": "743d6a09cd33c0cee9e1ff20962b5ec3020480d6",
    "softwaremill/sttp": "cf4bdafbbc541393f8244aa22c979bb3553993e2",
    "zigtools/zls": "113f79a1d120cfda4cf758bc41273d8d15b4e46a",
}
"""Round 11's sixteen repositories (issue 30, 2026-12-04), chosen by an ecosystem the earlier
sets cover thinly before any was fetched (all sixteen first choices fetched), each at the newest
commit of its snapshot (see ``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS`
are."""
LOOKED_AT_FROM_ROUND_11 = tuple(sorted(ROUND_11_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_11_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_10` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 11 on; the other half is held out whole."""
ROUND_12_REPOS = {
    "AntennaPod/AntennaPod": "b7ee12ccfc026b7fe6ca7206a925a05a23e15cca",
    "casey/just": "4f41f609278edb6f1024e3dd7a9912946e1e7bc3",
    "gleam-lang/gleam": "952c301204be6b4bc80c54cc387d38281506980e",
    "google/gson": "9835b6f90192f79cdf5300c528fc6212455fb6c1",
    "kedacore/keda": "8b4f083ca8c8c2baf8477e322bd4d16ac4dfa09a",
    "kubernetes-sigs/kubespray": "46dbdd3994b32640bcd806b0097f50e8fdf1d514",
    "micropython/micropython": "1c3c201149f37fe8d81246191b3127bb198d6306",
    "mpv-player/mpv": "b955aa28f3dc93dc6b21485a0d5b7feb8e6dc10f",
    "nvim-telescope/telescope.nvim": "7d324792b7943e4aa16ad007212e6acc6f9fe335",
    "openstreetmap/openstreetmap-website": "9da0fa5ecbff8adc5e6e91c7cf22546755a91f77",
    "ory/kratos": "b86338da04a040247a07f46100a86dcfb3875909",
    "pointfreeco/swift-composable-architecture": "d34c1dfe7a4b13ba96c37f8b78f7dc9432dd0471",
    "pydata/xarray": "b1c1dc549b62bdfc8de0bdded24f56464cf0db1a",
    "redis/redis": "4f8cdc2a1ea53e42955af758aabffee67cb455dd",
    "shadcn-ui/ui": "1773ecfeeb4a04366978d353e69b5c7ded78dcb2",
    "squidfunk/mkdocs-material": "5b36f2ac499a45905e246bc66bbee2858ef6556f",
}
"""Round 12's sixteen repositories (issue 30, 2026-12-04), chosen by an ecosystem the earlier
sets cover thinly before any was fetched (all sixteen first choices fetched), each at the commit
its snapshot's HEAD names (see ``tests/guards/everyday/SOURCE.md``); read as
:data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_12 = tuple(sorted(ROUND_12_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_12_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_11` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 12 on; the other half is held out whole."""
ROUND_13_REPOS = {
    "arduino/arduino-cli": "5994c5d3977365d387aa2858accfc95c72c0c23c",
    "bevyengine/bevy": "4805ca792c3e94eef07afd6fa9a2712f388c9a67",
    "facebook/buck2": "13baa8a1d181428b17e1873fcb129793fa36d463",
    "geerlingguy/ansible-role-docker": "68d6a6da5f489cc9717873487b43aa6a8965d89b",
    "ktorio/ktor": "ef92e5537d7465961f1b3f2b21e217fc35bcfa1f",
    "nim-lang/Nim": "b534f34e95402479c1d5c5bdab92d87862f323d4",
    "ocaml/opam": "d19550d47c850d88fcca7db66ebb6ce9aa6db3cc",
    "pola-rs/polars": "4db92c12c08c390f95b517a00ae0afe818e1abf6",
    "PostgREST/postgrest": "4834678902681402a56c490f29947826e7ed5308",
    "processone/ejabberd": "61bf7a9cc9727f48f8069bb88b6253165065a121",
    "python/devguide": "0d5fbc08982dcc4ef2057ea7919e986465b44182",
    "rrousselGit/riverpod": "b79c65cb40374808cb858e5f908623c2856200cf",
    "technomancy/leiningen": "24fb93936133bd7fc30c393c127e9e69bb5f2392",
    "terraform-google-modules/terraform-google-kubernetes-engine": (
        "bb176b213d8c55f6c3034cb39828dfe1631d7647"
    ),
    "tidyverse/dplyr": "d5e94e7fa8fd4a5f79c1a707d1842216bb4c691f",
    "vapor/vapor": "13efaeefd52a965009fc6a69a96ba66e7f20402e",
}
"""Round 13's sixteen repositories (issue 30, 2026-12-05), chosen by an ecosystem the earlier
sets cover thinly before any was fetched (one first choice over the snapshot size limit replaced
by the fallback named with it), each at the commit its snapshot's HEAD names (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_13 = tuple(sorted(ROUND_13_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_13_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_12` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 13 on; the other half is held out whole."""
ROUND_14_REPOS = {
    "alire-project/alire": "ac748ea9e2b3c2ade8cd3871b935af3640723f68",
    "chef/bento": "6c949e8ccb1c894799cd832ee252b30e159423e4",
    "dlang/dub": "67c858737bf996381ade3c27cd940ad577f3c4e5",
    "fortran-lang/stdlib": "9a15c7772f1a76a6c497b9f3abb793841fc81f74",
    "jfmengels/elm-review": "19dcbbc0609909de9f8c9e709f76daa9ba9f806d",
    "latex3/latex3": "6d662482549b99a4975f13cd666b73cea5ae9aeb",
    "magit/magit": "137f137dccb37097ae9caa31018cafa071ff4ec1",
    "meltano/meltano": "c139d24b2ea4b711569483a93c2f321d05fd93b2",
    "OpenZeppelin/openzeppelin-contracts": "fddac901ccdbdb06be90536822936ea765dd9218",
    "pulumi/examples": "40c09b266d44e9975e15289c42cc0c2ad8d14995",
    "rakudo/rakudo": "a0a60ed3ce28e6e014bf287101a6d454e364aeaa",
    "rqlite/rqlite": "df4edc42bada95cbe2c3445542020ea23a318827",
    "saltstack-formulas/nginx-formula": "67871d08efe75cc9f8c3c4d9ccff83442687377b",
    "serverpod/serverpod": "79cf56001d8b0716bb53d1d1abc0e9d42677acbe",
    "sous-chefs/apache2": "4d61a1be21b764c15493053b5c162ef8c0bc215c",
    "zmkfirmware/zmk": "268b1b1e82150460f00fd701bcd08583d5c75d29",
}
"""Round 14's sixteen repositories (issue 30, 2026-12-05), chosen by an ecosystem or kind of
project the earlier sets do not cover before any was fetched (one first choice over the snapshot
size limit replaced by the fallback named with it), each at the commit its snapshot's HEAD names
(see ``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_14 = tuple(sorted(ROUND_14_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_14_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_13` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 14 on; the other half is held out whole."""
ROUND_15_REPOS = {
    "darkreader/darkreader": "58ef40406a377ba130cbb10aad313f60fe8ef922",
    "docker-library/python": "4f07059567fa61c80397126e8063dbbde011b794",
    "elementary/code": "16a21acee9a364931ed2ef7cfa882ca5ffb0507a",
    "HaxeFoundation/haxelib": "df44bfb623abaf2b004b2c65a025b84095cf0b7a",
    "leanprover-community/aesop": "b5b9e2bb45ce91e4bc44eaa738c3a8910404ab82",
    "libbpf/libbpf-bootstrap": "80334a221459f196123d54a7264f42b6767a04d3",
    "lowRISC/ibex": "8b8ee086aef72e0833b7f0493d9d33f1e4d3c8e2",
    "microsoft/vscode-extension-samples": "61fda64ede073136f3716f69b067d212ef0893e1",
    "nf-core/rnaseq": "47b3b0d3daad69e99d45c9e2dd8db19ee28307a1",
    "purescript/spago": "e508f4f05b3a5a44c457e64381b0e83ad8bfb2bd",
    "racket/typed-racket": "901fd047391d20a79cd3880cd958b8fe343296a2",
    "roswell/roswell": "aa261f4e465e320ec19fb1b8eba6f9f40bbacae9",
    "rust-embedded/rust-raspberrypi-OS-tutorials": "644474cc09f755249f9c55d99a5d1e07a2562fc7",
    "snakemake/snakemake": "ead894bdc35aaf0d56238dc273645b49b43622cf",
    "vlang/v": "a4ce1aa9570f549f56c56cb8599ff8a3218978ac",
    "wp-cli/wp-cli": "eb52d60cf6eb396ad05c111017d8f46f817d2baf",
}
"""Round 15's sixteen repositories (issue 30, 2026-12-05), chosen by an ecosystem or kind of
project the earlier sets do not cover before any was fetched (one first choice with no snapshot
here replaced by the fallback named with it), each at the commit its snapshot's HEAD names (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_15 = tuple(sorted(ROUND_15_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_15_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_14` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 15 on; the other half is held out whole."""
ROUND_16_REPOS = {
    "aws-samples/aws-cdk-examples": "bccff1d2775e4b0bf777721c6b41c0107e122f73",
    "bats-core/bats-core": "d22e41faad59f5fd942a88c992b4913a27a460c4",
    "bentoml/BentoML": "32230a5276a8da8b23c4a06a9ec6272c1993451a",
    "conda-forge/numpy-feedstock": "8d5abb1a092b453352ed29717c9e957ed100c88c",
    "doublecmd/doublecmd": "c7bac62ed1019e7ebb063e55abc2e49c2ad6e1bd",
    "emscripten-core/emsdk": "e5bd3d0874e302a18f13c5b41f5bacf9a40c8e59",
    "giraffe-fsharp/Giraffe": "18e1be3ed33e49096d565e6f48c85e3cbee51960",
    "idris-lang/Idris2": "134412e1c8c0f793ed3cf8c3681280b13547ef83",
    "jenkinsci/docker": "ab3f5e0a80d666b1d554c2b7cad38b5c5ee35f1c",
    "karpathy/llm.c": "f1e2ace651495b74ae22d45d1723443fd00ecd3a",
    "odin-lang/Odin": "4247507dd5e31c9fd87166f53fd67b007ecca86c",
    "pester/Pester": "ec8ca45bc782a055cf3c87bdb60a497f5a77536f",
    "puppetlabs/puppetlabs-apache": "a014c47671d04be3470404dc5b2789a68aec073e",
    "solana-foundation/anchor": "4addac5304bf2d2378448e86b5ee374c99037585",
    "tauri-apps/tauri": "a8105eccb2122f003b4a36bbfb747998f53c5f10",
    "touchlab/KaMPKit": "e8d76a268c3a512d7cca5865ccadba4df10da36e",
}
"""Round 16's sixteen repositories (issue 30, 2026-12-05), chosen by an ecosystem or kind of
project the earlier sets do not cover before any was fetched (one first choice and its fallback
over the snapshot size limit replaced by a second fallback of the same language, chosen before
any was read), each at the commit its snapshot's HEAD names (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_16 = tuple(sorted(ROUND_16_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_16_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_15` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 16 on; the other half is held out whole."""
ROUND_17_REPOS = {
    "cfenollosa/os-tutorial": "ce8e050d246594fda7f0067d7f4c9abeaa2b269c",
    "cloudflare/workers-sdk": "f8308360283f97d33e188aee2e19c1ef9c09524a",
    "conan-io/examples2": "5437612470c10608c43b6f9142061fc40f679a02",
    "dense-analysis/ale": "e1789bc54483d76ac9ddb40b633d1645c8281914",
    "firebase/functions-samples": "0be771b5e38b8cf1ba3bb8ad011e4b8b37deabee",
    "fluxcd/flux2-kustomize-helm-example": "4f1a5b1051b469108d1bdf0ebec6c814427e3834",
    "ionic-team/capacitor": "1834b9740e200fd96f866975d54515d49ef1aa97",
    "JetBrains/intellij-platform-plugin-template": "7002f57406739f166d0fcf97d23e699a2c4e17dc",
    "jorgebucaran/fisher": "1f0dc2b4970da160605638cb0f157079660d6e04",
    "math-comp/math-comp": "d5507bef7dc5ae04e86e0b599df5860a8f4b561c",
    "mathiasbynens/dotfiles": "b7c7894e7bb2de5d60bfb9a2f5e46d01a61300ea",
    "ponylang/ponyc": "217cb06753690acee6279e89e8d603e9a30c8bff",
    "prisma/prisma-examples": "74814fd9512cef59a323faab067db8c6ad453c35",
    "Qiskit/qiskit": "301a22ce0360e40a608129204882357585baa61a",
    "serverless/examples": "22865199326008b9f863cb1ad28bfdddae9a7473",
    "tmux/tmux": "c1f947a3c5bc72a40c32dead736f84c4628791ec",
}
"""Round 17's sixteen repositories (issue 30, 2026-12-05), chosen by an ecosystem or kind of
project the earlier sets do not cover before any was fetched, each at the commit its snapshot's
HEAD names (see ``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_17 = tuple(sorted(ROUND_17_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_17_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_16` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 17 on; the other half is held out whole."""
ROUND_19_REPOS = {
    "apple/swift-format": "6fadf647aec2595c84d0c9273f65e82ee33d3fba",
    "bufbuild/buf": "c9a5b2656599d7311a77d45880c250273b02de6d",
    "catchorg/Catch2": "a6ee7e20cd4011129816df7992c1a9db2ef4b58f",
    "com-lihaoyi/os-lib": "e237000cbd4d97a4c4463df43d64556130d2bc50",
    "detekt/detekt": "dbfb8423263b79c3d035a21d110b10bf4ba02cfe",
    "earthly/earthly": "6e641c15d3b4d7dd396363b61d2381faa2658f3d",
    "easybuilders/easybuild-framework": "3c7b64d309cc3c87fe93edeacc9201025a2a1510",
    "flame-engine/flame": "7fd33dee9b822bef7b3fbf0621d0f3ebdab39a5d",
    "hajimehoshi/ebiten": "33e311224daf5cda3df9c901bbd583bfe2129011",
    "haskell/haskell-language-server": "b7e5d25260f7a8ff5df4590bfb2b3a683ac07d42",
    "kubernetes-sigs/kind": "fed268827e21ca48a74c38215c316dd343364ef5",
    "nerves-project/nerves": "6a95bff478462b25b24629fea51b0eacb17030d3",
    "NixOS/nix": "88b09c64fbea076a0376830d98e5331f70ed31a3",
    "prefix-dev/pixi": "2b25fc76dd3b5cc50a235387d948474975c40d73",
    "thought-machine/please": "f9d82b7dbe0b825dcd7040f3df3ab24dad212152",
    "tinygrad/tinygrad": "a9069c177a9da9cca18593edf55acd2e6073cca6",
}
"""Round 19's sixteen repositories (issue 30, 2026-12-05), chosen by a tool family or kind of
project the earlier sets do not cover before any was fetched (four first choices over the
snapshot size limit replaced by their fallbacks, and one fallback by a second of the same
language and build tool, chosen before any was read), each at the commit its snapshot's HEAD
names (see ``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_19 = tuple(sorted(ROUND_19_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_19_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_17` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 19 on; the other half is held out whole."""
ROUND_20_REPOS = {
    "angular/angular-cli": "9a1b250bbd3617ce66ff67730075dcda054b5e79",
    "aquasecurity/trivy": "dc3c56eed58ab21c7e08d26757c517bc946a86c5",
    "canonical/snapcraft": "3cc6ffc31ef9f2ca07d1040b735000dfa212bfbc",
    "cue-lang/cue": "f356f8f46cedb8e853ed200fb46ab49a68bfe357",
    "foundry-rs/foundry": "2a5df2c4d8123a8b9df63a848c146a6085426c27",
    "ghdl/ghdl": "753dfcf0b8d87f6aa8929efd0b73a9e57e105b63",
    "go-task/task": "b250872d9aebcd4857679553339d167478b63514",
    "golang-migrate/migrate": "18966c755f83de2b250dd8e766bad8b769cd0e25",
    "GoogleContainerTools/skaffold": "359a940c1b26e9aecfad508c1e87a679ec86e49b",
    "grafana/k6": "87883075ccd5e3d3fb961a860b3d6e422bbc353b",
    "Homebrew/brew": "aad366ffaf6a8c94c66d35e4b990d42ac4195305",
    "janet-lang/janet": "284990a04303a40e6ce42cf33e049d23873b5535",
    "kubernetes-sigs/kubebuilder": "5c400728930120dd385712db61cb0a937238ce81",
    "lerna/lerna": "35d15a1567932be97759f512d8b8033dad72b411",
    "ohmyzsh/ohmyzsh": "830a5bcfd29fd577fdcd5f3b8e98cbaf973421fa",
    "ros2/ros2_documentation": "b5b8578c2505b96dd724500d374bdc230fe1a61d",
}
"""Round 20's sixteen repositories (issue 30, 2026-12-05), chosen by a tool family or kind of
project the earlier sets do not cover before any was fetched (vercel/turborepo and its fallback
nrwl/nx over the snapshot size limit, replaced by a second fallback of the same kind chosen before
any was read, lerna/lerna), each at the commit its snapshot's HEAD names (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_20 = tuple(sorted(ROUND_20_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_20_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_19` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 20 on; the other half is held out whole."""
ROUND_21_REPOS = {
    "apptainer/apptainer": "917d66577963ca297352a22e13c86f1748ddc645",
    "Azure/azure-dev": "ae35809f496491989273d0edefdeb70f245f399b",
    "crosstool-ng/crosstool-ng": "d7a90ff11aae5e59d6acd8c491f0297c15b7fa37",
    "espressif/esp-idf": "102122904ade11fd1ae373848f34ffd7dfb18aeb",
    "google/oss-fuzz": "955c6866c152471d78c7472c0f1f354343548b9f",
    "hashicorp/nomad": "aa026cc99cfb74a77e519a1c1f0c78ba1b452705",
    "Lightning-AI/litgpt": "26857050fe3ff627cd714fe92f5838f51a3d5efa",
    "nushell/nushell": "3e1172d43cabb34afb798dfc9d8724839e18fe85",
    "PaperMC/Paper": "6c8d413223ba7fa2dc1c508f96741f49950a90d0",
    "pgvector/pgvector": "e48241b4dcc045b18902914f668d03d1d399dfbe",
    "pret/pokered": "079d1cc92fc3b0ec82bc1418c2b4045bfca84620",
    "quarto-dev/quarto-cli": "5d1da592dacaa784e061be1744e51484283220b5",
    "SchedMD/slurm": "284c3b95f08a2dc2478499837b03355e1b9c5c75",
    "Shopify/dawn": "9ccdacf81f175c7caeebc28348e50bcb02ef8fc7",
    "SWI-Prolog/swipl-devel": "42e94d06dbadc0c5794c291291e6d70628b869ea",
    "trailheadapps/lwc-recipes": "3c27819dc25bac8827c3220c1ca4678529f49930",
}
"""Round 21's sixteen repositories (issue 30, 2026-12-06), chosen by a tool family or kind of
project the earlier sets do not cover before any was fetched (azerothcore/azerothcore-wotlk and
openwrt/openwrt over the snapshot size limit, replaced by their fallbacks chosen with them,
PaperMC/Paper and crosstool-ng/crosstool-ng), each at the commit its snapshot's HEAD names (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_21 = tuple(sorted(ROUND_21_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_21_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_20` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 21 on; the other half is held out whole."""
ROUND_22_REPOS = {
    "ashinn/chibi-scheme": "398b6ada231c80454654c63f7d9a1c0b9d64b7aa",
    "dafny-lang/dafny": "f3c2fedfb2b88272af5b64f5e45d803a3bc0043a",
    "doomemacs/doomemacs": "c2ff579a28ecfec90c343417bc04b2a9569d9ed7",
    "freebsd/poudriere": "5c160650065066f59bd337bf3e651137c840c8fb",
    "Klipper3d/klipper": "84104bbbd7625d28b4eaaad83f4562972460ecd9",
    "luarocks/luarocks": "2d2cc8eff2f03c23d142f8059146fb241dcf56b5",
    "macports/macports-base": "cdbba36939afd072bb708830402ff287a7c63429",
    "mailcow/mailcow-dockerized": "06424670fa5d60fee851f58bfc49f66086d5f0a6",
    "mesonbuild/meson": "cd1a097e10d3a16062772c985a0dfdd6f5d824bf",
    "microsoft/vcpkg": "127402f1c75bb3d5ff6bce04b285faa4930a5aca",
    "pi-hole/pi-hole": "1837b754b945eeab6ad5976443b38b983eb96e6e",
    "platformio/platformio-core": "145142ea6c1d97c92a62999d424c0dd712fbb9f5",
    "qbittorrent/qBittorrent": "0402289eaff722f6aaf80d3d6ad0f08405016d05",
    "ScoopInstaller/Scoop": "b588a06e41d920d2123ec70aee682bae14935939",
    "sqitchers/sqitch": "0ab857e3bb5060e6feda0dd3e05ebb04f7aac85b",
    "sqlmapproject/sqlmap": "cef41c7fa2211434d5694e4338c4e3e443434133",
}
"""Round 22's sixteen repositories (issue 30, 2026-12-06), chosen by a tool family or kind of
project the earlier sets do not cover before any was fetched (cisco/ChezScheme over the snapshot
size limit, replaced by its fallback chosen with it, ashinn/chibi-scheme), each at the commit its
snapshot's HEAD names (see ``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS`
are."""
LOOKED_AT_FROM_ROUND_22 = tuple(sorted(ROUND_22_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_22_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_21` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 22 on (chibi-scheme, doomemacs, klipper, macports-base, meson, pi-hole,
qBittorrent, sqitch); the other half is held out whole (dafny, poudriere, luarocks,
mailcow-dockerized, vcpkg, platformio-core, Scoop, sqlmap)."""
ROUND_23_REPOS = {
    "apache/commons-lang": "d15939ef46f0bd4144994df8be95cf5a7f91eb52",
    "containers/buildah": "5b1b18eebdc249bf445fe58b6f3d82fa91f35cf7",
    "curl/curl": "5c61e168698a72b87437d58ed728bcdea6d5db42",
    "hpi-swa/smalltalkCI": "9912e193496e8aaf72a6f3d252db4ef9a06a4d6d",
    "Jguer/yay": "138c2dd6cdf1a3738ee18f6bf94c1e8c37e15dc4",
    "k0sproject/k0s": "dff90cee9a6e8e22c6d0f3efef0f9a77fc223be4",
    "jekyll/minima": "b3385fe64e9d79e75260668cad1852a3913b1829",
    "nvm-sh/nvm": "b17550a0b9ab691439815dfccc8b73e3a59fa103",
    "OCamlPro/gnucobol": "f50ab5754982d376315d2eae768f5da29ba7bccb",
    "openstack/devstack": "493835a61a996731a7031861f80c7629acd5d6f2",
    "reasonml/reason": "1a47c6813417f6cd384c2f2cbde1b75fe3144098",
    "rpm-software-management/mock": "817875207de7d82c1d7402a50d3cbb3d4341fd6c",
    "sbcl/sbcl": "0f6128e4a6faf774cc10ee1fe9da9bffdd29857f",
    "SDWebImage/SDWebImage": "36e79ba485e9bb4d3cd4e3318908866dac5e7b51",
    "spockframework/spock": "9cf773df1d6ac1a6d1c9e0686c2239b15d661c57",
    "YosysHQ/yosys": "a34d3baae91d400e5b6b7ed278d1bc71de66f5b7",
}
"""Round 23's sixteen repositories (issue 30, 2026-12-06), chosen by a language, tool family or
kind of project the earlier sets do not cover or cover thinly before any was fetched (k3s-io/k3s,
mmistakes/minimal-mistakes and rescript-lang/rescript over the snapshot size limit, replaced by
their fallbacks chosen with them, k0sproject/k0s, jekyll/minima and reasonml/reason), each at
the commit its snapshot's HEAD names (see ``tests/guards/everyday/SOURCE.md``); read as
:data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_23 = tuple(sorted(ROUND_23_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_23_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_22` was
(every other repository in case-blind alphabetical order, from the first, on the final names):
looked at while the guard is tuned from round 23 on (commons-lang, curl, minima, k0s, gnucobol,
reason, sbcl, spock); the other half is held out whole (buildah, smalltalkCI, yay, nvm,
devstack, mock, SDWebImage, yosys)."""
ROUND_25_REPOS = {
    "AssemblyScript/assemblyscript": "b6bda05c29c9eb7d07d7f6cb2703508483b30493",
    "dhall-lang/dhall-haskell": "f61fec29623f407915ad372573898bcb5989058e",
    "hashicorp/vagrant": "35f3160f4ad6edc3a9f3aa9570adfc1a4d73aaa5",
    "libsdl-org/SDL": "38aace93598bcd2ae12eec4d277790425cf08ade",
    "nginx/nginx": "3f6f7824d4e2eb1ac37dec76683d525ac0ff521c",
    "nmap/nmap": "db4aefddfa348ec815ffa83a109c97e05db88766",
    "opentofu/opentofu": "f831fa1aa4b90cdbdb1e0b5a8d5815f9e74646a5",
    "pmodels/mpich": "6a79bf6575c3b5b41cabbd3d59340634d6f9412d",
    "python-poetry/poetry": "f46702336862f30050d5c641d5ed6f7568ded793",
    "roc-lang/roc": "0e2eec10bf8154b88fbe577cd5d3157606c3b90f",
    "thheller/shadow-cljs": "d52f4cb1c7b43e96b5af8eee341397ab37829cab",
    "tinygo-org/tinygo": "ef4f46f1d1550beb62324d750c496b2b4a7f76d0",
    "tlaplus/tlaplus": "cc6b616cf7e7384a8335e74f36c446a0cede5bad",
    "twpayne/chezmoi": "38b49b6c70daf0071be98b2ec01b2ab08498e011",
    "uiua-lang/uiua": "813e63af86c72d9ea649e70cc81516513ce1d316",
    "xmake-io/xmake": "deaabcd162bebe9312201bcaac48404fd8a1925a",
}
"""Round 25's sixteen repositories (issue 30, 2026-12-06), chosen by a language, tool family or
kind of project the earlier sets do not cover or cover thinly before any was fetched (all first
choices fetched), each at the commit its snapshot's HEAD names (see
``tests/guards/everyday/SOURCE.md``); read as :data:`HELD_OUT_REPOS` are."""
LOOKED_AT_FROM_ROUND_25 = tuple(sorted(ROUND_25_REPOS, key=str.lower)[::2])
"""Half of :data:`ROUND_25_REPOS`, chosen mechanically as :data:`LOOKED_AT_FROM_ROUND_23` was
(every other repository in case-blind alphabetical order, from the first): looked at while the
guard is tuned from round 25 on (assemblyscript, vagrant, nginx, opentofu, poetry, shadow-cljs,
tlaplus, uiua); the other half is held out whole (dhall-haskell, SDL, nmap, mpich, roc, tinygo,
chezmoi, xmake)."""
_FILES = re.compile(
    r"^(\.github/workflows/[^/]+\.ya?ml|(.*/)?(Makefile|justfile|Justfile)|scripts/[^/.]+(\.sh)?"
    r"|(\.github/)?CONTRIBUTING\.(md|rst)|README\.(md|rst))$"
)
_PACKAGE_JSON = re.compile(r"^(.*/)?package\.json$")
"""The file kind the held-out set reads besides :data:`_FILES`."""


class MirrorMissing(Exception):
    """A repository's mirror, or its named commit, is not on this machine."""


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "--git-dir", str(repo), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise MirrorMissing(f"no {repo.parent.name.replace('+', '/')} commit in {repo}")
    return done.stdout


def _workflow_lines(text: str) -> list[str]:
    """Every ``run:`` block's lines, read line by line (the first set's reading, kept so its
    commands stay what they were: 344 until round 23 read ``env:`` keys, 308 since; it also
    takes PowerShell steps and an action's ``run`` input: :func:`_bash_steps` is the held-out
    set's)."""
    lines: list[str] = []
    block: int | None = None
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if block is not None and (not line.strip() or indent > block):
            lines.append(line.strip())
            continue
        block = None
        match = re.match(r"^(\s*)(?:- )?run:\s*(.*)$", line)
        if match:
            rest = match.group(2).strip()
            if rest in {"|", ">", "|-", ">-"}:
                block = len(match.group(1))
            elif rest:
                lines.append(rest.strip("'\""))
    return lines


def _bash_steps(text: str) -> list[str]:
    """The lines of a workflow's ``run:`` steps that a POSIX shell runs: a step's ``shell``,
    else its job's or the workflow's ``defaults.run.shell``, else the runner's default
    (PowerShell on Windows runners, and for a step only a Windows runner runs, bash elsewhere);
    ``pwsh``, ``powershell``, ``cmd`` and
    ``python`` steps are not bash and are left out."""
    import yaml

    try:
        workflow = yaml.safe_load(text)
    except yaml.YAMLError:
        return []
    if not isinstance(workflow, dict) or not isinstance(workflow.get("jobs"), dict):
        return []
    lines: list[str] = []
    default = _default_shell(workflow)
    for job in workflow["jobs"].values():
        if not isinstance(job, dict):
            continue
        shell = _default_shell(job) or default
        chosen = shell is not None  # a defaults.run.shell holds on every runner
        if shell is None:
            shell = "pwsh" if _runs_on_windows(job) else "bash"
        for step in job.get("steps") or []:
            if not isinstance(step, dict) or not isinstance(step.get("run"), str):
                continue
            step_shell = step.get("shell") or (
                "pwsh" if _windows_only(step) and not chosen else shell
            )
            if str(step_shell).split()[0] not in {"bash", "sh"}:
                continue
            lines.extend(_outside_strings([line.strip() for line in step["run"].splitlines()]))
    return lines


_MATRIX_RUNNER = re.compile(r"\$\{\{\s*matrix\.([\w.-]+)\s*\}\}")
"""A ``runs-on`` that a matrix chooses: ``${{ matrix.os }}``, ``${{ matrix.config.os }}``."""


def _runs_on_windows(job: dict[str, object]) -> bool:
    """A job every runner of which is a Windows one: its ``runs-on`` names Windows, or it is a
    matrix's key (``${{ matrix.config.os }}``) every value of which, in the matrix's rows and
    its ``include`` entries, names Windows. A matrix read from an expression (``fromJSON``) or
    with any other runner is not known to be Windows only."""
    runs_on = str(job.get("runs-on", ""))
    if "matrix" not in runs_on:
        return "windows" in runs_on.lower()
    chosen = _MATRIX_RUNNER.fullmatch(runs_on.strip())
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    if chosen is None or not isinstance(matrix, dict):
        return False
    keys = chosen.group(1).split(".")
    include = matrix.get("include")
    rows = [row for row in include if isinstance(row, dict)] if isinstance(include, list) else []
    runners = _matrix_values([matrix], keys) + _matrix_values(rows, keys)
    return bool(runners) and all("windows" in str(runner).lower() for runner in runners)


def _matrix_values(objects: list[object], keys: list[str]) -> list[object]:
    """The values found by following ``keys`` down from ``objects`` (a list's items each)."""
    for key in keys:
        found: list[object] = []
        for item in objects:
            if isinstance(item, dict) and key in item:
                value = item[key]
                found.extend(value if isinstance(value, list) else [value])
        objects = found
    return objects


_ON_WINDOWS = re.compile(r"""runner\.os\s*==\s*['"]Windows['"]""")


def _windows_only(step: dict[str, object]) -> bool:
    """A step whose ``if:`` requires a Windows runner (``runner.os == 'Windows' && ...``, no
    ``||``): on a job whose ``runs-on`` a matrix chooses, GitHub runs it with the Windows
    runner's default shell, PowerShell."""
    condition = str(step.get("if") or "")
    return bool(_ON_WINDOWS.search(condition)) and "||" not in condition


def _outside_strings(lines: list[str]) -> list[str]:
    """The lines that do not start inside a quoted string opened on an earlier line: a shell
    reads such a line as part of that string (a JSON or GraphQL body in single quotes), as it
    reads a heredoc's body, not as a command."""
    out: list[str] = []
    quote: str | None = None
    for line in lines:
        if quote is None:
            out.append(line)
        quote = _quote_after(line, quote)
    return out


def _quote_after(line: str, quote: str | None) -> str | None:
    """The quote still open at the end of ``line`` (``'`` or ``"``), given the one open at its
    start: backslash escapes outside single quotes, a comment from an unquoted ``#`` at a word's
    start."""
    k = 0
    while k < len(line):
        c = line[k]
        if quote == "'":
            quote = None if c == "'" else quote
        elif c == "\\":
            k += 1
        elif quote == '"':
            quote = None if c == '"' else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or line[k - 1] in " \t;&|("):
            break
        k += 1
    return quote


def _workflow_env(text: str) -> set[str]:
    """The variables a workflow's ``env:`` mappings set (the workflow's, a job's, a step's):
    GitHub sets them in the environment of the steps' shells, so they are variables the file
    sets, as a line's assignment or an ``echo NAME=... >> $GITHUB_ENV`` is."""
    import yaml

    try:
        workflow = yaml.safe_load(text)
    except yaml.YAMLError:
        return set()
    if not isinstance(workflow, dict):
        return set()
    nodes: list[object] = [workflow]
    jobs = workflow.get("jobs")
    for job in jobs.values() if isinstance(jobs, dict) else []:
        nodes.append(job)
        steps = job.get("steps") if isinstance(job, dict) else None
        nodes.extend(steps if isinstance(steps, list) else [])
    names: set[str] = set()
    for node in nodes:
        env = node.get("env") if isinstance(node, dict) else None
        if isinstance(env, dict):
            names |= {str(key) for key in env}
    return names


def _default_shell(node: dict[str, object]) -> str | None:
    defaults = node.get("defaults")
    run = defaults.get("run") if isinstance(defaults, dict) else None
    shell = run.get("shell") if isinstance(run, dict) else None
    return str(shell) if shell else None


_RULE = re.compile(r"^[^\s#=:][^=:]*::?(?![=:])")
"""A make (or just) rule line: targets, then ``:`` or ``::`` that does not start ``:=``/``::=``."""
_KEEPS_CONTEXT = re.compile(r"^(?:\s*$|#|(?:ifeq|ifneq|ifdef|ifndef|else|endif)\b)")
"""Lines that do not end a rule's recipe: blank ones, comments, conditional directives."""


def _recipe_lines(text: str, make: bool = True) -> list[str]:
    """Recipe lines: tab-indented lines after a rule line, up to the next line that is neither
    a recipe line, a comment, a blank nor a conditional (an assignment, an ``include``): make
    reads a tab-indented line anywhere else (``FINAL_LIBS+= -ldl`` inside an ``ifeq`` among the
    variables) as make syntax. A recipe line ending in a backslash goes on over the next line, as
    make reads it: the lines are one command, judged whole (a make expansion on a continued line
    drops the whole command, not that line alone, which left its head to swallow the next
    command), and only the first carries make's ``@``/``-`` prefixes. A line of make syntax
    ending in a backslash goes on over the next line too, whatever its indent: a rule's
    prerequisites continued on tab-indented lines (``sb-manual.fasl: a.fasl \\`` then
    ``<tab>b.fasl c.fasl``) are names, not a recipe. One holding ``$(`` has a make expansion
    (bash's own is ``$$(``); in a Makefile (``make``, not a justfile, whose ``$`` is the
    shell's) every ``$`` not doubled is make's, ``${NAME}`` and ``$V`` as ``$(NAME)`` (round 25:
    opentofu's ``tools/golangci-lint${EXT} run``, ``ln -sf licensei-${LICENSEI_VERSION} ...``:
    the shell sees make's value, not the variable)."""
    lines: list[str] = []
    in_rule = False
    carry: str | None = None
    continued = False
    for line in text.splitlines():
        if continued:
            continued = line.rstrip().endswith("\\")
            continue
        if carry is not None:
            part = line.strip()
        elif line[:1] == "\t" and in_rule:
            part = line.strip().lstrip("@-").strip()
        else:
            if _RULE.match(line):
                in_rule = True
            elif line[:1] != "\t" and not _KEEPS_CONTEXT.match(line):
                in_rule = False
            continued = line.rstrip().endswith("\\")
            continue
        if part.endswith("\\"):
            carry = (carry or "") + part[:-1].rstrip() + " "
            continue
        lines.append((carry or "") + part)
        carry = None
    if make:
        return [line for line in lines if "$" not in line.replace("$$", "")]
    return [line for line in lines if "$(" not in line.replace("$$(", "")]


def _script_lines(text: str) -> list[str]:
    """The lines of a shell script (a ``#!`` naming sh or bash), heredoc bodies and the lines
    of a string that spans lines left out."""
    first = text.split("\n", 1)[0]
    if not (first.startswith("#!") and re.search(r"\b(ba)?sh\b", first)):
        return []
    return _outside_strings([line.strip() for line in text.splitlines()])


_HEREDOC = re.compile(r"<<-?\s*(?:\\|['\"])?(\w+)")
"""A here-document's operator and its end word, bare or quoted: ``<<EOF``, ``<<-'EOF'``,
``<<"EOF"`` and ``<<\\EOF`` (a backslash quotes the word as quotes do, so the body is not
expanded; Automake's ``compile`` and ``depcomp`` print their usage text so)."""


def _without_heredoc_bodies(lines: list[str]) -> list[str]:
    """The lines that are commands: a heredoc's body (up to its end word) is data."""
    out: list[str] = []
    end: str | None = None
    for line in lines:
        if end is not None:
            end = None if line.strip() == end else end
            continue
        heredoc = _HEREDOC.search(line)
        end = heredoc.group(1) if heredoc else None
        out.append(line)
    return out


_ARRAY_OPENED = re.compile(r"^(?:(?:local|declare|typeset|readonly)(?:\s+-\w+)*\s+)?\w+\+?=\($")
"""An array assignment whose parenthesis this line leaves open (``rules=(``)."""


def _without_array_bodies(lines: list[str]) -> list[str]:
    """The lines that are commands: the lines of an array assignment left open (up to the one
    that ends with or starts with its closing parenthesis) are its elements, which bash reads
    as one assignment, not commands."""
    out: list[str] = []
    inside = False
    for line in lines:
        if inside:
            part = line.strip()
            inside = not (part.startswith(")") or part.endswith(")"))
            continue
        inside = bool(_ARRAY_OPENED.match(line.strip()))
        out.append(line)
    return out


_TEST_OPENS = re.compile(r"(?:^|[\s;&|(!])\[\[(?=\s|$)")
_TEST_CLOSES = re.compile(r"(?:^|\s)\]\](?=$|[\s;&|)])")
"""The words ``[[`` and ``]]`` that open and close a conditional expression."""


def _without_test_bodies(lines: list[str]) -> list[str]:
    """The lines that are commands: a conditional expression whose ``[[`` a line leaves open
    goes on, as bash reads it, up to the line that closes it with ``]]``; the lines between
    are its operands and that last line its end (``]]; then``), none of them a command."""
    out: list[str] = []
    depth = 0
    for line in lines:
        change = len(_TEST_OPENS.findall(line)) - len(_TEST_CLOSES.findall(line))
        if depth:
            depth = max(0, depth + change)
            continue
        out.append(line)
        depth = max(0, change)
    return out


def _doc_lines(text: str) -> list[str]:
    """A document's commands: a line after a ``$ `` prompt anywhere (with the lines it goes on
    to when it ends in a backslash, as an indented block writes a long command), and the lines
    of a fenced shell block (:func:`_block_lines`)."""
    lines: list[str] = []
    fenced = False
    going_on = False
    block: list[str] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            going_on = False
            if block is not None:
                lines.extend(_block_lines(block))
            shell = fenced and stripped[3:].strip() in {"sh", "bash", "shell", "console", "$"}
            block = [] if shell else None
            continue
        if block is not None:
            block.append(stripped)
        elif stripped.startswith("$ ") or (going_on and stripped):
            lines.append(stripped[2:] if stripped.startswith("$ ") else stripped)
            going_on = stripped.endswith("\\")
        else:
            going_on = False
    if block is not None:
        lines.extend(_block_lines(block))
    return lines


def _block_lines(block: list[str]) -> list[str]:
    """The commands of a fenced shell block. A block where some line carries a prompt (``$ ``,
    ``proj$ ``) is a transcript: a line without one is what the command above printed, unless
    it goes on from a prompted line ending in a backslash. A prompt alone or an elision
    (``...``) is no command, nor is a drawing of a directory tree (:func:`_tree_lines`)."""
    transcript = any(line.startswith("$ ") or _prompted(line) for line in block)
    tree = _tree_lines(block)
    lines: list[str] = []
    going_on = False
    for n, line in enumerate(block):
        prompt = _PROMPT.match(line)
        if line.startswith("$ "):
            command: str | None = line[2:]
        elif prompt is not None:
            command = prompt.group(1)
        elif _ELISION.match(line) or (transcript and not going_on) or n in tree:
            command = None
        else:
            command = line
        going_on = command is not None and command.endswith("\\")
        if command:
            lines.append(command)
    return lines


def _tree_lines(block: list[str]) -> set[int]:
    """The lines of a block that draw a directory tree as ``tree`` prints one: each line that
    starts with a box-drawing character (``├── app``, ``└── ui``, ``│``), which no command
    starts with, and the tree's root, the unprompted line right above a run of them
    (``apps``)."""
    drawn = {n for n, line in enumerate(block) if line[:1] and "\u2500" <= line[0] <= "\u257f"}
    roots = {
        n - 1
        for n in drawn
        if n - 1 >= 0
        and n - 1 not in drawn
        and not block[n - 1].startswith("$ ")
        and not _prompted(block[n - 1])
    }
    return drawn | roots


def _prompted(line: str) -> bool:
    match = _PROMPT.match(line)
    return bool(match and match.group(1))


_PROMPT = re.compile(r"^[\w.~@:/-]+\$(?:\s+(.*))?$")
"""A shell prompt naming the directory or host before ``$`` (``lobsters$ bin/setup``): the
command is what follows it; a prompt alone is no command."""
_ELISION = re.compile(r"^(?:\.{3,}|…)$")
"""A line that only marks an elision in a document's shell block (``...``)."""


def _package_scripts(text: str) -> list[str]:
    """The values of a ``package.json``'s ``scripts`` (each run by the package manager with a
    shell); a file that is not JSON, or a value that is not a string, gives nothing."""
    try:
        scripts = json.loads(text).get("scripts")
    except (ValueError, AttributeError):
        return []
    if not isinstance(scripts, dict):
        return []
    return [value for value in scripts.values() if isinstance(value, str)]


def _joined(lines: list[str]) -> list[str]:
    """Lines continued with a trailing backslash joined into the one line bash reads."""
    out: list[str] = []
    carry = ""
    for line in lines:
        if line.endswith("\\"):
            carry += line[:-1].rstrip() + " "
            continue
        out.append(carry + line)
        carry = ""
    return out


def _uses(line: str, assigned: set[str]) -> bool:
    """True when ``line`` reads a variable its own file sets (or a make variable), or a
    positional parameter (``$0``, ``$1``, ``${2}``, ``$#``: the arguments of the script or
    function it is part of; in a recipe, make's own ``$1``): its meaning depends on lines around
    it or on its caller, so it is not one complete command on its own. A positional parameter
    in single quotes or after a backslash is text (``awk '{print $1}'``)."""
    if re.search(r"\$[@<^*?]|\$\$", line):
        return True
    unquoted = _SINGLE_QUOTED.sub(lambda m: m.group(1) or "", line.replace("\\$", ""))
    if _POSITIONAL.search(unquoted):
        return True
    names = re.findall(r"\$\{?([A-Za-z_]\w*)", line)
    return any(name in assigned for name in names)


_POSITIONAL = re.compile(r"\$(?:[0-9#]|\{[0-9]|\{#\})")
"""A positional parameter, or their number: ``$0``, ``$1``, ``${10}``, ``${0%/*}``, ``$#``."""
_SINGLE_QUOTED = re.compile(r"""("(?:[^"\\]|\\.)*")|'[^']*'""")
"""A single-quoted string (bash expands nothing in it); a double-quoted one is matched first so
that a ``'`` inside it opens nothing."""


_READ = re.compile(r"(?:^|[\s;&|(])(read|mapfile|readarray)((?:[ \t]+[^\s;&|<>)]+)+)")
_READ_VALUED = {
    "read": frozenset({"-d", "-p", "-n", "-N", "-t", "-u", "-i"}),
    "mapfile": frozenset({"-d", "-n", "-O", "-s", "-u", "-C", "-c"}),
}
"""Options of ``read`` and ``mapfile`` (``readarray``) whose value is the next word."""


def _read_names(text: str) -> set[str]:
    """The variables the ``read``/``mapfile``/``readarray`` commands of ``text`` set (``IFS=$'\\t'
    read name url``, ``read -r -a parts``, ``mapfile -t lines``): another line reading them
    depends on the input read there."""
    names: set[str] = set()
    for match in _READ.finditer(text):
        valued = _READ_VALUED["read" if match.group(1) == "read" else "mapfile"]
        words = match.group(2).split()
        k = 0
        while k < len(words):
            word = words[k]
            if word in valued:
                k += 2
                continue
            if word == "-a" and k + 1 < len(words):
                word = words[k + 1]
                k += 1
            if re.fullmatch(r"[A-Za-z_]\w*", word):
                names.add(word)
            k += 1
    return names


def _read_elsewhere(read: list[set[str]], n: int) -> set[str]:
    """The variables that a line of the file other than line ``n`` reads input into (a line
    that reads into a variable and uses it, ``... | while read f; do wc -l "$f"; done``, is
    whole)."""
    return {name for k, names in enumerate(read) if k != n for name in names}


_FUNCTION = re.compile(r"(?m)^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)")


def _functions(text: str) -> set[str]:
    """The shell functions a file defines (``name() {``, ``function name()``); asked of
    workflows and scripts, which a shell reads whole, not of a document's snippets, each run
    on its own (bat's README defines a ``bat`` wrapper in one and runs the program in others)."""
    return set(_FUNCTION.findall(text))


_ASSIGNMENT = re.compile(r"([A-Za-z_]\w*)\+?=")
_DECLARING = re.compile(r"(?:export|local|readonly|declare|typeset)(?:\s+-\w+)*\s+")


def _assigned(text: str) -> set[str]:
    """The variables a file's lines set: every assignment word at the head of a line, after
    ``export``/``local``/``readonly``/``declare``/``typeset`` (and their flags), not only the
    first (round 25: ``IFS=: MAIN_GOPATH=($GOPATH)`` sets ``MAIN_GOPATH`` too, so ``mkdir -p
    $MAIN_GOPATH/bin`` reads a variable its own file sets), an array's ``(...)`` or a quoted
    value skipped whole, ``+=`` as ``=``."""
    names: set[str] = set()
    for line in text.splitlines():
        pos = len(line) - len(line.lstrip())
        declaring = _DECLARING.match(line, pos)
        pos = declaring.end() if declaring else pos
        while (match := _ASSIGNMENT.match(line, pos)) is not None:
            names.add(match.group(1))
            pos = _value_end(line, match.end())
            while pos < len(line) and line[pos] in " \t":
                pos += 1
    return names


def _value_end(line: str, pos: int) -> int:
    """Where the assigned value starting at ``pos`` ends: at unquoted blank, past an array's
    parentheses and quoted parts."""
    depth = 0
    while pos < len(line):
        char = line[pos]
        if char in "\"'":
            close = line.find(char, pos + 1)
            pos = len(line) if close < 0 else close + 1
            continue
        if char == "\\":
            pos += 2
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char in " \t;" and depth <= 0:
            break
        pos += 1
    return pos


def _calls(line: str, defined: set[str]) -> bool:
    """True when ``line`` calls a function its own file defines: like a variable the file
    sets, its meaning depends on the lines around it."""
    return bool(defined) and any(word in defined for word in _COMMAND_WORD.findall(line))


_COMMAND_WORD = re.compile(r"(?:^|[;&|(`]|\$\()\s*([A-Za-z_][\w-]*)")
"""A word in a command's place: first on the line, or after ``;``, ``&``, ``|``, ``(``, a
backquote or ``$(``."""


def _one_command(line: str) -> bool:
    if not line or line.startswith("#") or "${{" in line or ("$(" in line and ")" not in line):
        return False
    if re.search(r"\$\([A-Z_]+\)|\{\{", line) or line.endswith(("\\", "|", "&&", "(", "{")):
        return False
    if re.search(r"\$\{?(GITHUB_|RUNNER_)", line) or line.startswith("-"):
        return False  # a GitHub Actions runner's own variables, or a fragment of a longer line
    first = line.split()[0].rstrip(";")
    if first in {"if", "then", "else", "elif", "fi", "do", "done", "for", "while", "case", "esac"}:
        return False
    if first.endswith(":") or first in {"}", ")", "{", "set", "export", "shift", "exit"}:
        return False
    return not _parser().parse(parser_input(line)).root_node.has_error


def extract(
    mirrors: Path, repo: str, commit: str, package_json: bool = False
) -> list[tuple[str, list[str]]]:
    """The repository's files' commands at ``commit``; with ``package_json`` (the held-out set)
    each ``package.json``'s scripts as well, and only the workflow steps a POSIX shell runs."""
    path = mirrors / repo.replace("/", "+") / "repo"
    groups: list[tuple[str, list[str]]] = []
    for name in _git(path, "ls-tree", "-r", "--name-only", commit).splitlines():
        scripts = package_json and bool(_PACKAGE_JSON.match(name))
        if not (_FILES.match(name) or scripts):
            continue
        text = _git(path, "show", f"{commit}:{name}")
        if scripts:
            lines = _package_scripts(text)
        elif name.startswith(".github/workflows/"):
            lines = _bash_steps(text) if package_json else _workflow_lines(text)
        elif name.rsplit("/", 1)[-1] in {"Makefile", "justfile", "Justfile"}:
            lines = _recipe_lines(text, make=name.rsplit("/", 1)[-1] == "Makefile")
        elif name.startswith("scripts/"):
            lines = _script_lines(text)
        else:
            lines = _doc_lines(text)
        lines = _without_test_bodies(_without_array_bodies(_without_heredoc_bodies(_joined(lines))))
        assigned = _assigned(text)
        assigned |= set(re.findall(r"echo\s+[\"']?([A-Za-z_]\w*)=", text))  # >> $GITHUB_ENV
        assigned |= set(re.findall(r"\bfor\s+([A-Za-z_]\w*)\s+in\b", text))
        if name.startswith(".github/workflows/"):
            assigned |= _workflow_env(text)
        read = [_read_names(line) for line in lines]  # commands only: prose says "read the..."
        defined = _functions(text) if name.startswith((".github/", "scripts/")) else set()
        kept = list(
            dict.fromkeys(
                line
                for n, line in enumerate(lines)
                if _one_command(line)
                and not _uses(line, assigned | _read_elsewhere(read, n))
                and not _calls(line, defined)
            )
        )
        if kept:
            groups.append((name, kept))
    return groups


def mirror_root() -> Path:
    return Path(os.environ.get("ONDAS_PEER_MIRRORS", "/work/.mirror"))


def everyday_lines(mirrors: Path) -> list[str]:
    """The set: a ``# source: owner/name@commit path`` line above each file's commands.
    Raises :class:`MirrorMissing` when a repository cannot be read here."""
    return _lines(mirrors, REPOS, package_json=False)


def held_out_lines(mirrors: Path, part: str = "all") -> list[str]:
    """The held-out set, in the same form, from :data:`HELD_OUT_REPOS` (``package.json``
    scripts included): ``part`` ``all``, ``looked-at`` (:data:`LOOKED_AT_FROM_ROUND_7`) or
    ``held`` (the rest). Raises :class:`MirrorMissing` when a repository cannot be read here."""
    if part == "all":
        return _lines(mirrors, HELD_OUT_REPOS, package_json=True)
    return _lines(mirrors, _half(HELD_OUT_REPOS, LOOKED_AT_FROM_ROUND_7, part), package_json=True)


def round_9_lines(mirrors: Path, part: str) -> list[str]:
    """Round 9's set, read as :func:`held_out_lines` reads its own: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_9`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_9_REPOS, LOOKED_AT_FROM_ROUND_9, part), package_json=True)


def round_9b_lines(mirrors: Path) -> list[str]:
    """Round 9b's set, read as :func:`held_out_lines` reads its own. Raises
    :class:`MirrorMissing` when a repository cannot be read here."""
    return _lines(mirrors, ROUND_9B_REPOS, package_json=True)


def round_10_lines(mirrors: Path, part: str) -> list[str]:
    """Round 10's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_10`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_10_REPOS, LOOKED_AT_FROM_ROUND_10, part), package_json=True)


def round_11_lines(mirrors: Path, part: str) -> list[str]:
    """Round 11's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_11`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_11_REPOS, LOOKED_AT_FROM_ROUND_11, part), package_json=True)


def round_12_lines(mirrors: Path, part: str) -> list[str]:
    """Round 12's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_12`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_12_REPOS, LOOKED_AT_FROM_ROUND_12, part), package_json=True)


def round_13_lines(mirrors: Path, part: str) -> list[str]:
    """Round 13's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_13`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_13_REPOS, LOOKED_AT_FROM_ROUND_13, part), package_json=True)


def round_14_lines(mirrors: Path, part: str) -> list[str]:
    """Round 14's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_14`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_14_REPOS, LOOKED_AT_FROM_ROUND_14, part), package_json=True)


def round_15_lines(mirrors: Path, part: str) -> list[str]:
    """Round 15's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_15`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_15_REPOS, LOOKED_AT_FROM_ROUND_15, part), package_json=True)


def round_16_lines(mirrors: Path, part: str) -> list[str]:
    """Round 16's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_16`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_16_REPOS, LOOKED_AT_FROM_ROUND_16, part), package_json=True)


def round_17_lines(mirrors: Path, part: str) -> list[str]:
    """Round 17's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_17`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_17_REPOS, LOOKED_AT_FROM_ROUND_17, part), package_json=True)


def round_19_lines(mirrors: Path, part: str) -> list[str]:
    """Round 19's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_19`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_19_REPOS, LOOKED_AT_FROM_ROUND_19, part), package_json=True)


def round_20_lines(mirrors: Path, part: str) -> list[str]:
    """Round 20's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_20`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_20_REPOS, LOOKED_AT_FROM_ROUND_20, part), package_json=True)


def round_21_lines(mirrors: Path, part: str) -> list[str]:
    """Round 21's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_21`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_21_REPOS, LOOKED_AT_FROM_ROUND_21, part), package_json=True)


def round_22_lines(mirrors: Path, part: str) -> list[str]:
    """Round 22's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_22`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_22_REPOS, LOOKED_AT_FROM_ROUND_22, part), package_json=True)


def round_23_lines(mirrors: Path, part: str) -> list[str]:
    """Round 23's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_23`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_23_REPOS, LOOKED_AT_FROM_ROUND_23, part), package_json=True)


def round_25_lines(mirrors: Path, part: str) -> list[str]:
    """Round 25's set, read as :func:`round_9_lines` reads round 9's: ``part`` ``looked-at``
    (:data:`LOOKED_AT_FROM_ROUND_25`) or ``held`` (the rest). Raises :class:`MirrorMissing`
    when a repository cannot be read here."""
    return _lines(mirrors, _half(ROUND_25_REPOS, LOOKED_AT_FROM_ROUND_25, part), package_json=True)


def _half(repos: dict[str, str], looked_at: Collection[str], part: str) -> dict[str, str]:
    """The repositories of a split set in its half ``looked-at`` (those in ``looked_at``) or
    ``held`` (the rest)."""
    if part not in {"looked-at", "held"}:
        raise ValueError(f"unknown part {part!r}")
    return {
        repo: commit
        for repo, commit in repos.items()
        if (repo in looked_at) == (part == "looked-at")
    }


def _lines(mirrors: Path, repos: dict[str, str], package_json: bool) -> list[str]:
    out: list[str] = []
    for repo, commit in repos.items():
        for name, lines in extract(mirrors, repo, commit, package_json):
            out.append(f"# source: {repo}@{commit} {name}")
            out.extend(lines)
    return out


def main() -> None:
    mirrors = Path(sys.argv[1]) if len(sys.argv) > 1 else mirror_root()
    try:
        print("\n".join(everyday_lines(mirrors)))
    except MirrorMissing as exc:
        sys.exit(f"everyday_extract: {exc}")


if __name__ == "__main__":
    main()
