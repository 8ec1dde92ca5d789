# SPDX-License-Identifier: GPL-2.0
# The architecture the guest runs (ARCH=x86_64, the default, or arm64,
# s390x, i386): how its kernel is configured and built, what compiles its
# static programs, where its busybox and bash come from, and how QEMU
# boots it. Every other file asks here rather than naming x86.
#
#   ARCH     KARCH   compiler prefix       image                QEMU
#   x86_64   x86     (the host's gcc)      arch/x86/boot/bzImage  qemu-system-x86_64
#   arm64    arm64   aarch64-linux-gnu-    arch/arm64/boot/Image  qemu-system-aarch64 -M virt (Cortex-A72)
#   s390x    s390    s390x-linux-gnu-      arch/s390/boot/bzImage qemu-system-s390x
#   i386     i386    i686-linux-gnu-       arch/x86/boot/bzImage  qemu-system-i386
#
# For a target other than the host's, busybox-static and bash-static are
# the target's Debian packages, downloaded (apt-get download, no install)
# and unpacked into build/debs-ARCH; the guest's other programs are built
# static with the cross compiler. The clients and exporter units, which
# need the host's shared libraries, are x86_64's only.

case $ARCH in
x86_64)	KARCH=x86 CROSS= KIMAGE=bzImage KIMAGE_DIR=x86 DEB_ARCH=amd64
	QEMU_SYSTEM=(qemu-system-x86_64) CONSOLE=ttyS0 ;;
arm64)	KARCH=arm64 CROSS=aarch64-linux-gnu- KIMAGE=Image KIMAGE_DIR=arm64 DEB_ARCH=arm64
	QEMU_SYSTEM=(qemu-system-aarch64 -M virt -cpu cortex-a72) CONSOLE=ttyAMA0 ;;
s390x)	KARCH=s390 CROSS=s390x-linux-gnu- KIMAGE=bzImage KIMAGE_DIR=s390 DEB_ARCH=s390x
	QEMU_SYSTEM=(qemu-system-s390x -M s390-ccw-virtio -cpu max) CONSOLE=ttysclp0 ;;
i386)	KARCH=i386 CROSS=i686-linux-gnu- KIMAGE=bzImage KIMAGE_DIR=x86 DEB_ARCH=i386
	QEMU_SYSTEM=(qemu-system-i386) CONSOLE=ttyS0 ;;
*)	echo "ARCH must be x86_64, arm64, s390x or i386, not '$ARCH'" >&2; exit 2 ;;
esac

# The Debian packages a build and boot for ARCH needs beyond x86_64's.
arch_packages()
{
	case $ARCH in
	arm64)	echo gcc-aarch64-linux-gnu qemu-system-arm ;;
	s390x)	echo gcc-s390x-linux-gnu qemu-system-misc ;;
	i386)	echo gcc-i686-linux-gnu ;;
	esac
}

# Whether the guest runs the host's own architecture.
arch_native()
{
	[ "$ARCH" = x86_64 ]
}

# The variables every make of the kernel tree gets, on its command line:
# they win over an ARCH in the environment (ours, exported for the
# harness's own commands) or in MAKEFLAGS (make check ARCH=...). For
# x86_64 that is ARCH=x86, the kernel's own default on an x86_64 host
# (ARCH=x86_64 would make another tinyconfig).
arch_make_vars()
{
	echo "ARCH=$KARCH"
	arch_native || echo "CROSS_COMPILE=$CROSS"
}

arch_image()
{
	echo "$OBJ/arch/$KIMAGE_DIR/boot/$KIMAGE"
}

# arch_cc ARGS...: the C compiler of the guest's programs.
arch_cc()
{
	"${CROSS}gcc" "$@"
}

# arch_deb_bin PACKAGE PATH: the file PATH of the target's PACKAGE (the
# host's own for x86_64), unpacked once into build/debs-ARCH.
arch_deb_bin()
{
	local pkg=$1 path=$2 dir=$BUILD/debs-$ARCH
	if arch_native; then
		echo "$path"
		return
	fi
	if [ ! -e "$dir/$pkg$path" ]; then
		mkdir -p "$dir/$pkg"
		dpkg --print-foreign-architectures | grep -qx "$DEB_ARCH" || {
			dpkg --add-architecture "$DEB_ARCH" && apt-get update -q
		} >>"$BUILD/apt.log" 2>&1 ||
			die "cannot add Debian's $DEB_ARCH architecture, see $BUILD/apt.log"
		(cd "$dir" && apt-get download "$pkg:$DEB_ARCH") >>"$BUILD/apt.log" 2>&1 ||
			die "cannot download $pkg:$DEB_ARCH, see $BUILD/apt.log"
		dpkg-deb -x "$dir/${pkg}_"*"_$DEB_ARCH.deb" "$dir/$pkg" ||
			die "cannot unpack $pkg:$DEB_ARCH"
	fi
	echo "$dir/$pkg$path"
}
