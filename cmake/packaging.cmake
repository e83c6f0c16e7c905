# `make deb`: a Debian package of what `cmake --install` installs (app/CMakeLists.txt:
# bin/kbot, its man page and its bash, zsh and fish completions), made by CPack from
# the Release build. dpkg-shlibdeps (dpkg-dev) names the Debian packages of the shared
# libraries kbot still links (libc, libm; libpng, giflib, zlib, libjpeg-turbo, the C++
# runtime and cpp-httplib are linked in, see CMakeLists.txt and third_party/) as its Depends.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kbot)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "look inside Total Annihilation, TA: Kingdoms and GTA1 game data (MCP tool server)")
set(CPACK_PACKAGE_DESCRIPTION
  "kbot reads the sprite animations (GAF/TAF), HPI archives and GTA1 data of three classic games,\
 as plain commands and as an MCP (Model Context Protocol) tool server over stdio or Streamable\
 HTTP, with a web explorer (kbot explore).")
set(CPACK_PACKAGE_CONTACT "kbot maintainers <kbot@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # kbot_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
include(CPack)
