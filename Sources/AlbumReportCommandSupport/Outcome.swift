/// The outcome of a call that throws one error type, as a value, so that a command can print
/// the error and choose its exit code in one `switch`.
package func outcome<Value, Failure: Error>(of body: () async throws(Failure) -> Value) async -> Result<Value, Failure>
{
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
