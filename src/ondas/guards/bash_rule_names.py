"""The command names that the rule modules loaded on demand give a handler (or wrap one).

:func:`ondas.guards.bash_base.check_argv` loads those modules (about 1 ms of a hook process)
only for a command named here or an interpreter; every other command (``ls``, ``pytest``,
``make``...) has no rule there, and ``git`` and the network tools have theirs in
:mod:`ondas.guards.bash_net`, which the guard imports anyway. A test recomputes this set from
the modules' registrations and prints the new literal when a rule is added.
"""


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


LAZY_RULE_NAMES = _names(
    ". 7z 7za alias apk apt apt-get aptitude ash at awk aws az bash batch brew bsdtar "
    "builtin bun busybox busybox-awk caffeinate cargo catchsegv cd cfdisk chgrp chmod choco "
    "chown chronic chroot clickhouse-client cmd cnpm command conda coproc cp cqlsh crontab "
    "csh csplit curl dash dd diskpart diskutil dnf doas docker dotnet dpkg dropdb emerge "
    "env eval exec fdisk find firejail firewall-cmd fish flatpak flit flock format gawk "
    "gcloud gdb-run gdisk gem go gosu gsed gsutil gtar halt hatch helm init insmod install "
    "ionice ip6tables iptables kill ksh kubectl ln ltrace mamba mariadb mawk microdnf "
    "micromamba mkdir mke2fs mkfs mksh mkswap modprobe mongo mongosh mount mv mvn mysql "
    "nawk nerdctl newfs nft nice nix-env nohup npm nsenter oc ondas openssl pacman parallel "
    "parted paru patch pdm pip pipx pivot_root pkexec pkg pnpm podman poetry popd port "
    "poweroff powershell psql pulumi pushd pwsh python rclone reboot redis-cli rm rmdir "
    "rmmod rpm rsync run0 runuser scoop script sed sem setcap setsid sfdisk sgdisk sh shred "
    "shutdown snap sort source split sponge sqlcmd sqlite sqlite3 stdbuf strace su sudo "
    "sudoedit swapoff switch_root sysctl systemctl tar tcsh tdnf tee telinit terraform "
    "terragrunt time timeout tofu touch trap truncate twine ufw umount unbuffer uniq unlink "
    "unshare unzip uv valgrind vault watch wget wget2 winget wipefs wsl xargs yarn yash yay "
    "yum zip zsh zypper"
)
