//! Links libcodegate-1 as pkg-config finds it (codegate-1.pc; PKG_CONFIG_PATH for a private
//! prefix such as the source tree's .build/stage).
fn main() {
    if let Err(error) = pkg_config::probe_library("codegate-1") {
        eprintln!("codegate-1 not found by pkg-config: {error}");
        std::process::exit(2);
    }
}
