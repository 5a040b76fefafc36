//! The server's answers the page makes itself when the server cannot be
//! reached (a classroom's tablet on a weak Wi-Fi): the tutorial's lessons,
//! the puzzles and the classroom's exercises, answered with the very code
//! the server answers its routes with. A WebAssembly module of its own,
//! wrapped by `web/lib/offline-core.js`, so that the engine's module, which
//! every game on the device loads, stays as small as it was.
//!
//! Text crosses in two buffers, as in the engine's module: the page writes
//! a request at [`qo_input`], calls [`qo_answer`], and reads the answer,
//! JSON of the length it returns, at [`qo_output`].
//!
//! Layers (`tests/layers.rs` of the workspace):
//!
//! 1. `answer` (a pupil's answer, checked on the device).

pub mod answer;

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// A buffer of `len` bytes for the next request; the page writes there.
#[no_mangle]
pub extern "C" fn qo_input(len: u32) -> *mut u8 {
    INPUT.with(|input| {
        let mut input = input.borrow_mut();
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr()
    })
}

/// Where the last answer lies (its length was returned).
#[no_mangle]
pub extern "C" fn qo_output() -> *const u8 {
    OUTPUT.with(|out| out.borrow().as_ptr())
}

/// Answers the request in the input buffer ([`answer::answer`]); returns
/// the answer's length.
#[no_mangle]
pub extern "C" fn qo_answer() -> u32 {
    let request = INPUT.with(|input| String::from_utf8_lossy(&input.borrow()).into_owned());
    let answer = answer::answer(&request);
    let len = answer.len() as u32;
    OUTPUT.with(|out| *out.borrow_mut() = answer);
    len
}
