//! What the page hands the module besides its buffers: `quoridor_report`,
//! which hears JSON as a search or a review goes (the live depth, a
//! review's progress). Below the session and the review, which both report.

use quoridor_engine::{Reporter, SearchInfo};

use crate::board;
use crate::json::Json;

/// Tells the page each finished iteration, through the module's import.
pub struct HostReporter;

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn quoridor_report(ptr: *const u8, len: u32);
}

/// Sends JSON to the page (`quoridor_report`); nothing outside WebAssembly.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_variables))]
pub fn report_to_host(json: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the host reads `len` bytes at `ptr` before returning.
    unsafe {
        quoridor_report(json.as_ptr(), json.len() as u32)
    };
}

impl Reporter for HostReporter {
    fn iteration(&mut self, info: &SearchInfo) {
        let mut json = Json::default();
        json.raw("{");
        board::search(&mut json, info, true);
        json.raw("}");
        report_to_host(&json.0);
    }
}
