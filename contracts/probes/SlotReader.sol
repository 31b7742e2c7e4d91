// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Read-only helper placed by eth_call state override AT A TOKEN'S OWN ADDRESS (never
/// deployed): an override replaces the code but keeps the storage, so this code reads the token's
/// first storage slots — where private variables (a hidden admin, a stored previous owner) live —
/// in one call, without any debug or storage-proof method.
contract SlotReader {
    function slots(uint256 count) external view returns (uint256[] memory out) {
        out = new uint256[](count);
        for (uint256 i = 0; i < count; i++) {
            uint256 v;
            assembly {
                v := sload(i)
            }
            out[i] = v;
        }
    }
}
