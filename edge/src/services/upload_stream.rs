//! An upload's body handed to R2 as the runtime's own stream, never pumped through wasm chunk by
//! chunk (which left a whole submission's every byte as garbage in the isolate's heap): its first
//! bytes are read from one branch of a tee, which is then cancelled so the other flows on alone,
//! and the other branch goes through the runtime's FixedLengthStream, so R2 knows its length.

use worker::js_sys::{self, Reflect, Uint8Array};
use worker::wasm_bindgen::{JsCast, JsValue};
use worker::wasm_bindgen_futures::JsFuture;
use worker::web_sys::{ReadableStream, ReadableStreamDefaultReader, WritableStream};

/// The first `n` bytes of `body` (fewer if it is shorter), and the whole body still to be read.
pub async fn head_and_whole(body: ReadableStream, n: usize) -> Result<(Vec<u8>, ReadableStream), JsValue> {
    let branches = body.tee();
    let probe: ReadableStream = branches.get(0).unchecked_into();
    let whole: ReadableStream = branches.get(1).unchecked_into();
    let reader: ReadableStreamDefaultReader = probe.get_reader().unchecked_into();
    let mut head = Vec::with_capacity(n);
    while head.len() < n {
        let step = JsFuture::from(reader.read()).await?;
        if Reflect::get(&step, &"done".into())?.is_truthy() {
            break;
        }
        let chunk: Uint8Array = Reflect::get(&step, &"value".into())?.unchecked_into();
        let wanted = (n - head.len()).min(chunk.length() as usize);
        head.extend(chunk.subarray(0, wanted as u32).to_vec());
    }
    let _ = JsFuture::from(reader.cancel()).await;
    Ok((head, whole))
}

/// `stream` declared `length` bytes long, as R2 needs: the readable side of a FixedLengthStream
/// and the piping into it, to be awaited alongside the put (it fails if the length is wrong).
pub fn fixed_length(stream: &ReadableStream, length: u64) -> Result<(ReadableStream, JsFuture), JsValue> {
    let class: js_sys::Function = Reflect::get(&js_sys::global(), &"FixedLengthStream".into())?.dyn_into()?;
    let fixed = Reflect::construct(&class, &js_sys::Array::of1(&JsValue::from_f64(length as f64)))?;
    let readable: ReadableStream = Reflect::get(&fixed, &"readable".into())?.unchecked_into();
    let writable: WritableStream = Reflect::get(&fixed, &"writable".into())?.unchecked_into();
    Ok((readable, JsFuture::from(stream.pipe_to(&writable))))
}

/// Read `stream` to its end and drop it, in the runtime (nothing crosses into wasm): a refusal
/// answered before the client finished sending would otherwise end in a reset connection, which
/// clients report as a network error instead of the refusal. The caller has bounded its length.
pub async fn drain(stream: &ReadableStream) {
    if let Ok(sink) = WritableStream::new() {
        let _ = JsFuture::from(stream.pipe_to(&sink)).await;
    }
}
