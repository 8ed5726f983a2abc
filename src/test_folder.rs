//! Test support: a temporary folder of files, removed when dropped.

use std::path::PathBuf;

/// A folder of files for one test under the system's temporary folder,
/// named after the test and the process; removed when dropped.
pub(crate) struct Folder(pub PathBuf);

impl Folder {
    /// Writes `files` (relative path, text) into a fresh folder.
    pub(crate) fn new(name: &str, files: &[(&str, &str)]) -> Folder {
        let dir = std::env::temp_dir().join(format!("tinbots-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("a file in the folder")).unwrap();
            std::fs::write(path, text).unwrap();
        }
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
