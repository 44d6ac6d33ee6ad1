"""The command names that the rule modules loaded on demand give a handler (or wrap one).

:func:`ondas.guards.bash_base.check_argv` loads those modules (about 1 ms of a hook process)
only for a command named here or an interpreter; every other command (``ls``, ``pytest``,
``make``...) has no rule there, and ``git`` and the network tools have theirs in
:mod:`ondas.guards.bash_net`, loaded only for the names of :data:`NET_RULE_NAMES`. A test
recomputes these sets from the modules' registrations and prints the new literal when a rule
is added.
"""


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


LAZY_RULE_NAMES = _names(
    ". 7z 7za 7zr 7zz accelerate adb addgroup adduser afl-cmin afl-fuzz afl-showmap "
    "afl-tmin aider alias amp ansible apk apptainer apt apt-get aptitude ar arp asdf ash "
    "ast-grep at atril audacious auditctl awk aws aws-vault az "
    "baobab bash batch bats bear beesu bisect-ppx-report "
    "blkdiscard blockdev brew bsdtar buildah builtin bun bundle bunx bunzip2 busybox busybox-awk "
    "bzip2 c8 cabal caffeinate cargo catchsegv ccache ccdecrypt ccencrypt ccrypt cd "
    "celluloid cfdisk chage chamber chattr chfn chgrp chmod choco choom chown chpasswd "
    "chronic chroot chrt chsh claude claude-code clementine clickhouse-client cloudflared "
    "cmd cnpm codex comby command compgen complete composer conan concurrently conda coproc "
    "corepack coreutils cp cpan cpanm cpio cpm cqlsh crontab cross-env crush cryptsetup crystal "
    "csh csplit csrutil ctr curl cursor-agent dash dbus-run-session dc dd defaults del-cli "
    "delgroup "
    "deluser deno devbox devenv direnv diskpart diskutil distcc distrobox ditto dmd dnf doas "
    "docgen docker "
    "docker-compose documentation dolphin doppler dotenv dotenvx dotnet dpkg dpkg-deb dropdb dune "
    "eatmydata ed elan elvish emacs emacsclient emcmake emconfigure emerge emmake enable "
    "ensurepip entr env "
    "env-cmd eog esy etex eval evince "
    "ex exec expect fakeroot fallocate fastmod fd fdfind fdisk feh file-rename finch find "
    "firejail firewall-cmd fish flatpak flit flock flox "
    "fnm foreman format fumadocs-mdx gawk gcloud gdb "
    "gdb-run gdisk gedit gem gemini gettextize ghcup gio git-cliff gksu gksudo glab "
    "gnome-calculator "
    "gnome-calendar gnome-characters gnome-clocks gnome-maps gnome-screenshot gopass "
    "gnome-system-monitor gnome-text-editor gnome-weather go goenv goose gosu gotestsum "
    "gpasswd gradle gradlew groupadd groupdel groupmod grpconv gsed gsutil gtar guix gunzip "
    "gvim gwenview gzip halt hatch heaptrack helix helm history honcho hx hush hyperfine "
    "ifconfig incus "
    "infisical init insmod install ionice ip ip6tables iptables iwasm jar jj juliaup kak "
    "kate kcalc kcov kdesu kdesudo keytool kill killall killall5 ksh kubectl kwrite latex lerna "
    "launchctl ldc2 ldconfig ldmd2 lein less lessc let libreoffice link lldb ln localc loimpress "
    "loksh lowriter ltrace lualatex luarocks luatex lvm lvremove lxc lxqt-sudo lxsudo lz4 lzma "
    "makeindex makeinfo "
    "machinectl mamba mapfile mariadb mawk mdadm melos memray meson microdnf micromamba mill mise "
    "mkdir mke2fs mkfifo mkfs mknod mksh mkswap modprobe mongo mongosh more mosh most mount "
    "micro mousepad mpiexec mpirun mpv mv mvn mvnw mysql mysqladmin nano nautilus nawk nbqa "
    "nemo nerdctl "
    "nerdctl-compose newfs newgrp newusers nft nice nim nix nix-build nix-build-uncached "
    "nix-channel nix-env nix-shell nodemon nodenv nohup npm npx nsenter nu numactl nvim nx "
    "nvme nvram nyc oc oksh okular ondas op opam opencode openssl openvt osh ovsx pacman "
    "parallel parted partprobe paru pass passwd patch pax pcmanfm pdflatex pdftex pdm perf "
    "perl-rename pg_resetwal pg_resetxlog pg_restore pico pigz pip pipenv pipx pivot_root "
    "pixi pkexec pkg pkg_add pkg_delete pkill pluma pnpm podman podman-compose poetry popd "
    "port posh poweroff powershell prename printf prlimit psql pueue pulumi pushd pvremove "
    "pwconv pwsh py-spy pyenv pyinstrument python qemu-system-aarch64 qemu-system-arm "
    "qemu-system-avr qemu-system-i386 qemu-system-m68k qemu-system-mips qemu-system-mipsel "
    "qemu-system-ppc qemu-system-ppc64 qemu-system-riscv32 qemu-system-riscv64 "
    "qemu-system-x86_64 qemu-system-xtensa qwen r raco rar rbenv rbspy rc-service rc-update "
    "rclone rdmd react-router-serve readarray reboot red redis-cli remix-serve rename "
    "rhythmbox rimraf ristretto rm rmdir rmmod rmtrash rmz route rpm rscript rsync rtx run0 "
    "runuser ruplacer rustup rvim rye sass sassc sbt scalene scan-build sccache scoop "
    "screen script scrot sd sdk security sed sem semgrep service set setcap setenforce "
    "setfacl setpriv setsid sfdisk sg sgdisk sh shotwell shred shutdown shx singularity skill "
    "snap "
    "soffice sort source spctl spectacle split sponge spotify sqlcmd sqlite sqlite3 srm ssh-agent "
    "ssh-keygen stack start-server-and-test stdbuf strace stylus su su-rs sudo sudo-rs "
    "sudoedit sv swapoff switch_root sxiv sysctl systemctl systemd-run tailscale taplo tar "
    "taskset tcc tcsh tdnf tee telinit terraform terragrunt tex texi2any thunar time timeout tmux "
    "tofu toolbox torchrun totem touch trap trash trash-put truncate twine ufw umount unar "
    "unbuffer "
    "uniq unlink unlz4 unlzma unpigz unshare unsquashfs unxz unzip unzstd useradd userdel "
    "usermod uv uvx v valgrind vault vgremove vi view vigr vim vimdiff vipw vlc volta vsce "
    "wait-on wasm3 wasmedge wasmedgec wasmer wasmtime watch watchexec watchman wget wget2 "
    "wine wine64 winget wipe wipefs wsl xargs xcrun xed xelatex xetex xonsh xreader xvfb "
    "xvfb-run xz yarn yash yay yq ysh yum zathura zef zip zsh zstd zypper zzuf "
    # round 20 (left20): virtual machines' wrappers and their container clients
    "colima docker.lima kubectl.lima lima limactl nerdctl.lima podman.lima "
    # round 22 (tune22b): Windows' administration tools and PowerShell's service cmdlets
    "chkconfig initctl update-rc.d visudo "
    "bcdedit icacls net net1 new-service reg remove-service restart-service resume-service "
    "sasv sc schtasks set-service spsv start-service stop-service suspend-service takeown wmic "
    # round 24 (tune24b): macOS's FileVault and firewall tools, cryptocurrency miners
    "fdesetup socketfilterfw "
    "bfgminer bzminer ccminer cgminer cpuminer cpuminer-multi cpuminer-opt ethminer kawpowminer "
    "lolminer minerd nanominer nbminer nheqminer phoenixminer srbminer-multi t-rex teamredminer "
    "wildrig-multi xmr-stak xmr-stak-cpu xmr-stak-rx xmrig xmrig-amd xmrig-cuda xmrig-nvidia "
    # round 24 (open24): Windows' file copying tools run from Git Bash
    "fsutil repo robocopy xcopy winget-create wingetcreate "
    # round 25 (tune25b): Windows' elevating tools and setx
    "gsudo paexec psexec psexec64 runas setx "
    # round 25 (tune25b): the machine's power, network, host name and clock settings tools
    "hostnamectl networksetup pmset scutil systemsetup timedatectl localectl loginctl "
    "systemd-analyze softwareupdate kextload kextunload "
    # round 26 (tune26): Windows' network shell and registry editor, the packet filter
    "netsh pfctl regedit "
    # round 26 (the lead): Kubernetes distributions' bundled clients
    "k0s k3s microk8s minikube "
    # round 25 (left25): macOS's quarantine mark taken off a downloaded file
    "xattr"
)

NET_RULE_NAMES = _names(
    "aria2c autossh axel bore brave-browser busybox-httpd chisel chromium chromium-browser "
    "curlie cvs dig drill elinks epiphany firefox firefox-esr frpc ftp gh git google-chrome "
    "google-chrome-stable grpcurl hg host http httpd https lftp links localtunnel lt lynx "
    "mail mailx microsoft-edge microsoft-edge-stable morbo mtr mutt nc ncat neomail netcat "
    "ngrok nslookup open opera ping ping6 s-nail scp sendmail sftp socat ssh svn tea telnet "
    "tftp tracepath traceroute vivaldi w3m websocat whois wscat xdg-open xh youtube-dl yt-dlp"
)
"""The command names only :mod:`ondas.guards.bash_net` gives a rule (``git``, ``gh``,
``ssh``, the browsers and mailers...; those another rule module wraps too, ``curl``, ``rsync``,
are in :data:`LAZY_RULE_NAMES`, whose load imports it first): it is imported for a line naming
one of them, so ``ls -la`` or a file redirect does not load its 2,200 lines. The same test
recomputes it from the registrations."""

SYSTEM_RULE_NAMES = _names(
    ". alias ash ast-grep bash beesu builtin busybox caffeinate cd cfdisk chattr chgrp "
    "chmod chown chronic comby command coreutils cp csh dash dd del-cli diskpart diskutil "
    "ditto doas elvish emcmake emconfigure emmake env eval exec fallocate fastmod fd fdfind "
    "fdisk file-rename fish "
    "flock format gdisk gio gksu gksudo gosu halt hush init ionice kak kdesu kdesudo ksh "
    "loksh lxqt-sudo lxsudo machinectl mdadm mkdir mke2fs mkfifo mkfs mknod mksh mkswap mv "
    "newfs newgrp nice nohup nu nvme oksh osh parted partprobe perl-rename pg_resetwal "
    "pg_resetxlog pkexec popd posh poweroff prename pushd py-spy rbspy reboot rename rimraf "
    "rm rmdir rmtrash rmz run0 runuser ruplacer script sd semgrep set setcap setfacl setsid "
    "sfdisk sg sgdisk sh shred shutdown source srm stdbuf su su-rs sudo sudo-rs sudoedit "
    "tcsh tee telinit time timeout touch trap trash trash-put truncate unbuffer unlink "
    "watch wipe wipefs wsl xargs xonsh yash ysh zsh"
)
"""The names of :data:`LAZY_RULE_NAMES` only :mod:`ondas.guards.bash_system` gives a rule
(``rm``, ``cd``, ``mkdir``, ``cp``, ``mv``, ``touch``, the shells, ``sudo``, ``xargs``...): a
command of them loads that module and what it imports (``bash_infra``, ``bash_net``,
``bash_code``), not the other rule modules (``bash_contain``, ``bash_runners``...), which wrap
none of these names. The same test recomputes it from the registrations."""

OPTION_RULE_NAMES = {
    name: _names(options)
    for names, options in (
        ("bmake gmake make", "--eval -E"),
        ("c++ cc clang clang++ g++ gcc", "-wrapper"),
        (
            "certbot",
            "--deploy-hook --manual-auth-hook --manual-cleanup-hook --post-hook "
            "--pre-hook --renew-hook",
        ),
        ("fzf sk", "--bind --execute --preview"),
        ("ghc ghci jjs jrunscript runghc runhaskell", "-e"),
        ("kotlin kotlinc kotlinc-jvm", "-e -expression"),  # round 20 (left20)
        ("ocamlc ocamlc.opt ocamlopt ocamlopt.opt", "-pp -ppx"),
        ("npm-run-all run-p run-s", "--npm-path"),
        ("hlint", "--with-refactor"),
        ("prove", "--exec -e"),
        (
            "latexmk",
            "-biber -bibtex -dvi_previewer -dvipdf -e -latex -lualatex -makeindex "
            "-pdf_previewer -pdfdvi -pdflatex -pdflualatex -pdfps -pdfxelatex -ps2pdf -xelatex",
        ),
        ("man", "--html --pager -H -P"),
        ("sshfs", "-o"),
        ("elm-test", "--compiler"),
        ("forge", "--use"),
        ("elm-review", "--compiler --elm-format-path"),
        ("tsup", "--onSuccess"),
        (
            "tsc-watch",
            "--onCompilationComplete --onCompilationStarted --onEmit --onFailure "
            "--onFirstSuccess --onSuccess",
        ),
        ("remix", "--command -c"),
        ("bat batcat delta", "--pager"),
        ("ack ag", "--pager"),
        ("air", "--build.bin --build.cmd --build.full_bin --build.post_cmd --build.pre_cmd"),
        ("rg", "--pre"),
        ("cmake", "-D"),
        ("exiftool", "-if"),
        ("pylint", "--init-hook"),
        ("cdk", "--app --build -a"),
        ("nest", "--exec"),
        ("just", "--chooser --command -c"),
        ("bazel bazelisk", "--run_under"),
        ("restic", "--option --password-command -o"),  # round 22 (left22)
        ("borg borg2", "--rsh"),
    )
    for name in names.split()
}
"""Command names whose only rule is a row of the runners table that reads some of their
options (``make --eval``, ``gcc -wrapper``, ``fzf --bind``): the rule modules are loaded for
them only when one of those options is given, so ``make test`` and ``cc -o app app.c`` cost
what they did. The same test recomputes it from the table."""
