public import Foundation
public import Swinject

extension Resolver {
    /// The section `name` decoded as `type`, with a key-decoding strategy, or nil when it is
    /// missing or does not decode (a failure that is recorded and logged, as for every read).
    ///
    /// ```swift
    /// // config.toml:  [database]  pool_size = 25
    /// struct Database: Decodable { var poolSize: Int }
    /// let database = r.property("database", as: Database.self, keyDecodingStrategy: .convertFromSnakeCase)
    /// ```
    public func property<T: Decodable>(
        _ name: String, as type: T.Type, keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy,
        fileID: String = #fileID, line: Int = #line
    ) -> T? {
        do {
            return try PropertyReads.required(
                name, as: T.self, from: self, keyDecodingStrategy: keyDecodingStrategy, recordsRequired: false,
                fileID: fileID, line: line)
        } catch {
            PropertyReads.record(error, as: T.self, keyDecodingStrategy: keyDecodingStrategy, on: self)
            return nil
        }
    }

    /// The section `name` decoded as `type` with a key-decoding strategy, or a ``PropertyError``
    /// whose ``PropertyError/detail`` names the failing field with its Swift name, what was
    /// expected and found, and its source:
    ///
    /// ```swift
    /// let database = try r.requiredProperty(
    ///     "database", as: Database.self, keyDecodingStrategy: .convertFromSnakeCase)
    /// // property "database" cannot be decoded as App.Database:
    /// //   database.poolSize: expected Int, found string "25" (config.toml:3:13)
    /// ```
    public func requiredProperty<T: Decodable>(
        _ name: String, as type: T.Type, keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy,
        fileID: String = #fileID, line: Int = #line
    ) throws(PropertyError) -> T {
        do {
            return try PropertyReads.required(
                name, as: T.self, from: self, keyDecodingStrategy: keyDecodingStrategy, fileID: fileID, line: line)
        } catch {
            PropertyReads.record(error, as: T.self, keyDecodingStrategy: keyDecodingStrategy, on: self)
            throw error
        }
    }
}
